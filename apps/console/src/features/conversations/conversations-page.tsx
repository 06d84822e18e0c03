import { type ConversationRow, conversationsQuery, inboxMessages } from '@hiwar/contracts';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnText } from '../../components/own-text.tsx';
import { usePageQuery } from '../../components/page-query.ts';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { formatDateTime, useFormatNumber } from '../../lib/format-number.ts';
import { ConversationFiltersBar } from './conversation-filters.tsx';
import { type ConversationFilters, senderPath, useConversations } from './conversations-api.ts';
import { ConversationsTabs } from './conversations-tabs.tsx';
import { HandoffBadge } from './handoff-badge.tsx';
import { PlatformBadge } from './platform-badge.tsx';
import { senderNameOf } from './sender-name.ts';
import { useConversationFilters } from './use-conversation-filters.ts';

const COLUMNS = 4;

/** The filters the server would refuse, by filter, in the current language (a reversed date range). */
function filterErrors(filters: ConversationFilters, t: TFunction) {
  const parsed = conversationsQuery.safeParse(filters);
  const errors: Partial<Record<keyof ConversationFilters, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof ConversationFilters;
    errors[field] ??= localizeCatalogueMessage(t, inboxMessages, 'conversations', issue.message);
  }
  return errors;
}

function ConversationTableRow({ row }: { row: ConversationRow }) {
  const { t, i18n } = useTranslation();
  const name = senderNameOf(row);
  return (
    <Table.Tr data-testid={`conversation-row-${row.sender_key}`}>
      <Table.Td>
        <PlatformBadge platform={row.platform} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={senderPath(row.sender_key)} size="sm" dir="auto" fw={500}>
          {name}
        </Anchor>
        {name !== row.sender_id && (
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {row.sender_id}
          </Text>
        )}
      </Table.Td>
      <Table.Td maw={420}>
        <Group gap={6} wrap="nowrap">
          <OwnText size="sm" lineClamp={1} data-testid="last-text">
            {row.last_text}
          </OwnText>
          <HandoffBadge state={row.handoff} />
        </Group>
        {row.last_lang && (
          <Text size="xs" c="dimmed">
            {t(`common.languages.${row.last_lang}`, { defaultValue: row.last_lang })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.last_at, i18n.language)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Earlier and later pages: the list has no total, only whether another page follows. */
function PageSteps({
  page,
  hasMore,
  onChange,
}: {
  page: number;
  hasMore: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const { dir } = useDirection();
  // the arrows point the way the page reads: "newer" towards the start of the line
  const mirrored = { transform: dir === 'rtl' ? 'scaleX(-1)' : undefined };
  if (page === 1 && !hasMore) return null;
  return (
    <Group justify="center" gap="sm">
      <Button
        variant="default"
        size="xs"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        leftSection={<IconChevronLeft size={14} style={mirrored} />}
      >
        {t('conversations.list.newer')}
      </Button>
      <Text size="sm" c="dimmed" data-testid="conversations-page">
        {t('conversations.list.page', { page: format(page) })}
      </Text>
      <Button
        variant="default"
        size="xs"
        disabled={!hasMore}
        onClick={() => onChange(page + 1)}
        rightSection={<IconChevronRight size={14} style={mirrored} />}
      >
        {t('conversations.list.older')}
      </Button>
    </Group>
  );
}

/** /conversations (issue #15): the bot's senders, the newest first, filtered and searched. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const [filters, setFilter] = useConversationFilters();
  const errors = filterErrors(filters, t);
  const isValid = Object.keys(errors).length === 0;
  const conversations = useConversations(page, filters, isValid);
  const rows = conversations.data?.data ?? [];
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('conversations.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('conversations.subtitle')}
        </Text>
      </div>
      <ConversationsTabs active="all" />
      <Card shadow="xs">
        <Stack gap="md">
          <ConversationFiltersBar filters={filters} onChange={setFilter} errors={errors} />
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="conversations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>{t('conversations.columns.platform')}</Table.Th>
                  <Table.Th>{t('conversations.columns.sender')}</Table.Th>
                  <Table.Th>{t('conversations.columns.lastMessage')}</Table.Th>
                  <Table.Th w={180}>{t('conversations.columns.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {conversations.isSuccess && rows.length === 0 && <NoDataRow columns={COLUMNS} />}
                {rows.map((row) => (
                  <ConversationTableRow key={row.sender_key} row={row} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageSteps page={page} hasMore={conversations.data?.has_more ?? false} onChange={setPage} />
        </Stack>
      </Card>
    </Stack>
  );
}
