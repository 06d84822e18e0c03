import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useFormatNumber } from '../../lib/format-number.ts';
import { useHandoff, useTranscript } from './conversations-api.ts';
import { HandoffBanner } from './handoff-banner.tsx';
import { PlatformBadge } from './platform-badge.tsx';
import { senderNameOf } from './sender-name.ts';
import { transcriptEntries } from './transcript-entries.ts';
import { NoticeView, TurnView } from './turn-view.tsx';

/**
 * /conversations/{sender_key} (issue #15): the whole conversation with one sender, 50 turns a page with the
 * earlier ones on demand; while it is handed over to a person, the banner to answer and to give it back, under
 * the newest message.
 */
export function TranscriptPage() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const senderKey = useParams().senderKey ?? '';
  const transcript = useTranscript(senderKey);
  const handoff = useHandoff(senderKey);
  const newest = useRef<HTMLDivElement>(null);
  // the conversation whose newest page alone is shown: it opens there, as a chat does; earlier pages then load
  // above it in place
  const openedAtNewest = transcript.isSuccess && transcript.data.pages.length === 1 ? senderKey : null;
  useEffect(() => {
    if (openedAtNewest !== null) newest.current?.scrollIntoView?.({ block: 'end' });
  }, [openedAtNewest]);

  // an address that names no conversation of this owner goes back to the list, as other screens do
  if (transcript.isError) return <Navigate to="/conversations" replace />;
  const pages = transcript.data?.pages ?? [];
  const sender = pages[0]?.sender;
  const entries = transcriptEntries(pages);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="xs">
            <Title order={2}>
              <bdi>{sender ? senderNameOf(sender) : senderKey}</bdi>
            </Title>
            {sender && <PlatformBadge platform={sender.platform} />}
          </Group>
          {sender && (
            <Text size="sm" c="dimmed">
              {t('conversations.transcript.summary', {
                id: sender.sender_id,
                turns: format(pages[0]?.total ?? 0),
              })}
            </Text>
          )}
        </div>
      </Group>
      <Card shadow="xs">
        <Stack gap="lg" data-testid="transcript">
          {transcript.hasNextPage && (
            <Center>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconHistory size={16} />}
                loading={transcript.isFetchingNextPage}
                onClick={() => void transcript.fetchNextPage()}
              >
                {t('conversations.transcript.earlier')}
              </Button>
            </Center>
          )}
          {transcript.isSuccess && entries.length === 0 && (
            <Text c="dimmed" size="sm" ta="center">
              {t('conversations.transcript.empty')}
            </Text>
          )}
          {entries.map((entry) =>
            entry.kind === 'turn' ? (
              <TurnView key={entry.key} turn={entry.turn} senderKey={senderKey} />
            ) : (
              <NoticeView key={entry.key} notice={entry.notice} />
            ),
          )}
        </Stack>
      </Card>
      {/* the answer box sits under the newest message, where the owner reads what the sender wrote last */}
      {handoff.data && <HandoffBanner senderKey={senderKey} handoff={handoff.data} />}
      <div ref={newest} data-testid="transcript-end" />
    </Stack>
  );
}
