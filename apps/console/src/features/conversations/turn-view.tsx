import type { IncomingEvent, TranscriptNotice, TranscriptTurn } from '@hiwar/contracts';
import { Badge, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClick, IconMapPin, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useFormatNumber } from '../../lib/format-number.ts';
import { formatScore } from '../debugger/index.ts';
import { DeliveryLine } from './delivery-line.tsx';
import { TranscriptReply } from './transcript-reply.tsx';
import { isCorrectable, TurnCorrection } from './turn-correction.tsx';
import { TraceTable, TraceToggle } from './turn-trace.tsx';

/** What the sender sent: the typed text, the label of the button chosen, the place shared, or media. */
function SenderMessage({ event }: { event: IncomingEvent }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const coordinate = (value: number) => format(value, { maximumFractionDigits: 5, useGrouping: false });
  return (
    <Paper
      radius="lg"
      px="md"
      py={8}
      bg="var(--mantine-color-blue-light)"
      maw="80%"
      data-testid="sender-message"
    >
      {event.type === 'text' && (
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {event.text}
        </Text>
      )}
      {event.type === 'postback' && (
        <Group gap={4} wrap="nowrap">
          <IconClick size={14} aria-hidden />
          <Text size="sm" dir="auto">
            {event.label || event.payload}
          </Text>
        </Group>
      )}
      {event.type === 'media' && (
        <Group gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Text size="sm" fs="italic" data-testid="sender-media">
            {t(`conversations.media.${event.kind}`)}
          </Text>
        </Group>
      )}
      {event.type === 'location' && (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={14} aria-hidden />
          <Text size="sm" dir="ltr">
            {coordinate(event.lat)}, {coordinate(event.lng)}
          </Text>
        </Group>
      )}
    </Paper>
  );
}

/** The command the turn matched with its score, or that the bot did not understand it. */
function Understanding({ turn }: { turn: TranscriptTurn }) {
  const { t } = useTranslation();
  if (turn.not_understood)
    return (
      <Badge color="red" variant="light" tt="none" data-testid="not-understood">
        {t('conversations.turn.notUnderstood')}
      </Badge>
    );
  if (turn.command_id === null) return null;
  return (
    <Badge color="green" variant="light" tt="none" data-testid="matched-command">
      <bdi>{turn.command_name ?? `#${turn.command_id}`}</bdi>
      {turn.score !== null && (
        <>
          {' · '}
          <span dir="ltr">{formatScore(turn.score)}</span>
        </>
      )}
    </Badge>
  );
}

/**
 * One turn of a transcript: the sender's message on the start side, what the engine made of it (and, when it
 * chose a command, "Wrong command?"), the bot's replies on the end side as the sender saw them, and the runtime's
 * trace on demand.
 */
export function TurnView({ turn, senderKey }: { turn: TranscriptTurn; senderKey: string }) {
  const { t, i18n } = useTranslation();
  const [isTraceOpen, { toggle: toggleTrace }] = useDisclosure(false);
  return (
    <Stack gap={6} data-testid={`turn-${turn.id}`}>
      <SenderMessage event={turn.event} />
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {formatDateTime(turn.at, i18n.language)}
        </Text>
        {turn.lang && (
          <Text size="xs" c="dimmed">
            {t(`common.languages.${turn.lang}`, { defaultValue: turn.lang })}
          </Text>
        )}
        <Understanding turn={turn} />
        {isCorrectable(turn) && <TurnCorrection senderKey={senderKey} turn={turn} />}
        {turn.trace.length > 0 && <TraceToggle isOpen={isTraceOpen} onToggle={toggleTrace} />}
      </Group>
      <Collapse expanded={isTraceOpen}>
        <TraceTable trace={turn.trace} />
      </Collapse>
      {turn.replies.length > 0 && (
        <Stack gap={6} align="flex-end" data-testid="bot-replies">
          {turn.replies.map((reply, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a turn's replies are fixed once sent
            <div key={index} style={{ maxWidth: '80%' }}>
              <TranscriptReply message={reply} />
            </div>
          ))}
          {turn.delivery && (
            <DeliveryLine delivery={turn.delivery} platform={senderKey.split(':')[0] ?? ''} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** A message left for the sender outside a turn: the owner's reply during a hand-over, a confirmed order. */
export function NoticeView({ notice }: { notice: TranscriptNotice }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4} align="flex-end" data-testid={`notice-${notice.id}`}>
      <Text size="xs" c="dimmed">
        {t('conversations.turn.notice')} · {formatDateTime(notice.at, i18n.language)}
      </Text>
      <div style={{ maxWidth: '80%' }}>
        <TranscriptReply message={notice.message} />
      </div>
    </Stack>
  );
}
