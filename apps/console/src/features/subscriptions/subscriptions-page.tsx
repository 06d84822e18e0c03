import type { SubscriptionRow } from '@hiwar/contracts';
import { ActionIcon, Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBell, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { useFormatNumber } from '../../lib/format-number.ts';
import { useSubscriptionsPage } from './subscriptions-api.ts';
import { useDeleteSubscription } from './use-delete-subscription.ts';

const SEARCH_DELAY_MS = 300;
const COLUMNS = 4;

function SubscriptionTableRow({
  row,
  onDelete,
}: {
  row: SubscriptionRow;
  onDelete: (row: SubscriptionRow) => void;
}) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const hasCommand = row.sc_command_id !== null && row.sc_command_service_id !== null;
  return (
    <Table.Tr data-testid={`subscription-row-${row.sc_id}`}>
      <Table.Td>
        <Anchor component={Link} to={`/subscription/${row.sc_id}`} size="sm" dir="auto">
          {row.sc_title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {hasCommand ? (
          <Anchor
            component={Link}
            to={`/services/${row.sc_command_service_id}/commands/${row.sc_command_id}`}
            size="sm"
            dir="auto"
          >
            {row.sc_command_name ?? row.sc_command_id}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatNumber(row.sc_sibscripers_count)}</Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('subscriptions.list.deleteOf', { title: row.sc_title })}
          onClick={() => onDelete(row)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** The list's empty state: no channel yet (a search that finds nothing says "no data"). */
function NoChannelsRow() {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS}>
        <Stack align="center" gap={4} py="lg" data-testid="no-subscriptions">
          <IconBell size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed" size="sm">
            {t('subscriptions.list.empty')}
          </Text>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** /subscription (spec part 2 §2): Name, Related Command, subscribers; keyword search, numbered pages, add, delete. */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), SEARCH_DELAY_MS);
  const channels = useSubscriptionsPage(page, debouncedKeyword);
  const askToDelete = useDeleteSubscription();
  useClampedPage(page, channels, (data) => data.pages_count, setPage);

  function changeKeyword(value: string) {
    setKeyword(value);
    if (page !== 1) setPage(1);
  }

  const rows = channels.data?.data ?? [];
  const isEmpty = channels.isSuccess && rows.length === 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('subscriptions.list.title')}</Title>
        <Button component={Link} to="/subscription/0/about" leftSection={<IconPlus size={18} />}>
          {t('subscriptions.list.add')}
        </Button>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <TextInput
            label={t('subscriptions.list.search')}
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => changeKeyword(event.currentTarget.value)}
            maw={360}
          />
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="subscriptions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('subscriptions.columns.name')}</Table.Th>
                  <Table.Th>{t('subscriptions.columns.command')}</Table.Th>
                  <Table.Th>{t('subscriptions.columns.subscribers')}</Table.Th>
                  <Table.Th w={60}>{t('subscriptions.columns.delete')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isEmpty && debouncedKeyword === '' && <NoChannelsRow />}
                {isEmpty && debouncedKeyword !== '' && <NoDataRow columns={COLUMNS} />}
                {rows.map((row) => (
                  <SubscriptionTableRow key={row.sc_id} row={row} onDelete={askToDelete} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar
            page={page}
            pageCount={channels.data?.pages_count ?? 1}
            onChange={setPage}
            testId="subscriptions-pages"
          />
        </Stack>
      </Card>
    </Stack>
  );
}
