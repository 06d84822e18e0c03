import { Stack, Text, Title } from '@mantine/core';
import { IconMoodCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { ConversationsTabs } from './conversations-tabs.tsx';
import { useInbox } from './inbox-api.ts';
import { InboxGroupCard } from './inbox-group-card.tsx';

/**
 * /conversations/not-understood (issue #15): what the bot did not understand (the fallback answered, or the
 * score was under the threshold), similar messages grouped, for the owner to teach the bot or dismiss.
 */
export function NotUnderstoodPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const inbox = useInbox(page);
  // a group the owner settled leaves at once, before the inbox is read again
  const [settled, setSettled] = useState<ReadonlySet<number>>(() => new Set());
  useClampedPage(page, inbox, (data) => data.pages_count, setPage);
  const groups = (inbox.data?.data ?? []).filter((group) => !settled.has(group.id));

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('conversations.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('conversations.inbox.subtitle')}
        </Text>
      </div>
      <ConversationsTabs active="not-understood" />
      {inbox.isSuccess && groups.length === 0 && (
        <Stack align="center" gap={4} py="xl" data-testid="inbox-empty">
          <IconMoodCheck size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed" size="sm">
            {t('conversations.inbox.empty')}
          </Text>
        </Stack>
      )}
      {groups.map((group) => (
        <InboxGroupCard
          key={group.id}
          group={group}
          onSettled={() => setSettled((current) => new Set(current).add(group.id))}
        />
      ))}
      <PageBar page={page} pageCount={inbox.data?.pages_count ?? 1} onChange={setPage} testId="inbox-pages" />
    </Stack>
  );
}
