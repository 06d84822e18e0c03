import type { IncomingEvent } from '@hiwar/contracts';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  useDirection,
} from '@mantine/core';
import { IconMapPin, IconPlayerPlay, IconRefresh, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReplyView } from '../../components/reply-view.tsx';
import { failureMessage } from '../../lib/form-errors.ts';
import { followOwnDirection } from '../../lib/own-direction.ts';
import { type ChatEntry, entriesOfHistory, senderTextOf, turnViewOf } from './chat-entries.ts';
import { useResetTestChat, useSendTestMessage, useTestChatHistory } from './test-chat-api.ts';
import { TurnTrace } from './turn-trace.tsx';

/** A command the panel offers to start with one click (the command page it was opened from). */
export interface StartableCommand {
  id: number;
  name: string;
}

function SenderBubble({ event }: { event: IncomingEvent }) {
  return (
    <Group justify="flex-end" data-testid="sender-message">
      <Paper radius="lg" px="md" py={6} bg="var(--mantine-primary-color-filled)" c="white" maw="85%">
        <Group gap={4} wrap="nowrap">
          {event.type === 'location' && <IconMapPin size={14} />}
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {senderTextOf(event)}
          </Text>
        </Group>
      </Paper>
    </Group>
  );
}

function BotAnswer({
  entry,
  onPostback,
}: {
  entry: ChatEntry;
  onPostback: (payload: string, label: string) => void;
}) {
  const { t } = useTranslation();
  if (entry.error) {
    return (
      <Alert color="red" p="xs" data-testid="bot-error">
        {entry.error}
      </Alert>
    );
  }
  if (!entry.turn) return <Loader size="xs" type="dots" data-testid="bot-pending" />;
  return (
    <Stack gap={6} align="flex-start" data-testid="bot-answer">
      {entry.turn.replies.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('testChat.noReplies')}
        </Text>
      ) : (
        entry.turn.replies.map((reply, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a turn's replies never reorder
          <ReplyView key={index} reply={reply} onPostback={onPostback} />
        ))
      )}
      <TurnTrace turn={entry.turn} />
    </Stack>
  );
}

let entryCounter = 0;

/** The conversation once the history is read: sending, pressing buttons, resetting. */
function TestChatSession({
  initial,
  command,
}: {
  initial: ChatEntry[];
  command?: StartableCommand | undefined;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [entries, setEntries] = useState<ChatEntry[]>(initial);
  const [text, setText] = useState('');
  const send = useSendTestMessage();
  const reset = useResetTestChat();
  const bottom = useRef<HTMLDivElement>(null);
  const isBusy = send.isPending || reset.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever an entry is added or answered
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [entries]);

  const update = (key: string, change: Partial<ChatEntry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const sendEvent = (event: IncomingEvent) => {
    if (isBusy) return;
    entryCounter += 1;
    const key = `sent-${entryCounter}`;
    setEntries((current) => [...current, { key, event }]);
    send.mutate(event, {
      onSuccess: (turn) => update(key, { turn: turnViewOf(turn) }),
      onError: (error) => update(key, { error: failureMessage(error, t, t('testChat.sendFailed')) }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (typed === '' || isBusy) return;
    setText('');
    sendEvent({ type: 'text', text: typed });
  };

  const startOver = () => reset.mutate(undefined, { onSuccess: () => setEntries([]) });
  const postback = (payload: string, label: string) => sendEvent({ type: 'postback', payload, label });

  return (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <Group justify="space-between" gap="xs">
        {command ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={() => postback(`cmd:${command.id}`, command.name)}
            disabled={isBusy}
            data-testid="test-chat-start-command"
          >
            <Text span size="xs" truncate maw={220}>
              {t('testChat.startCommand', { name: command.name })}
            </Text>
          </Button>
        ) : (
          <span />
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={startOver}
          loading={reset.isPending}
          disabled={send.isPending}
          data-testid="test-chat-reset"
        >
          {t('testChat.reset')}
        </Button>
      </Group>
      {reset.isError && (
        <Alert color="red" p="xs">
          {failureMessage(reset.error, t, t('testChat.resetFailed'))}
        </Alert>
      )}
      <ScrollArea flex={1} offsetScrollbars type="auto" data-testid="test-chat-log">
        {entries.length === 0 ? (
          <Center py="xl">
            <Text size="sm" c="dimmed" ta="center" maw={320}>
              {t('testChat.empty')}
            </Text>
          </Center>
        ) : (
          <Stack gap="md" py="xs">
            {entries.map((entry) => (
              <Stack key={entry.key} gap={6} data-testid="test-chat-entry">
                <SenderBubble event={entry.event} />
                <BotAnswer entry={entry} onPostback={postback} />
              </Stack>
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </ScrollArea>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            value={text}
            ref={followOwnDirection}
            placeholder={t('testChat.placeholder')}
            aria-label={t('testChat.message')}
            autoComplete="off"
            data-testid="test-chat-input"
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={t('testChat.send')}
            loading={send.isPending}
            disabled={text.trim() === ''}
            data-testid="test-chat-send"
          >
            <IconSend size={18} style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
}

function TestChatBody({ command }: { command?: StartableCommand | undefined }) {
  const history = useTestChatHistory();
  if (history.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  // a history that could not be read leaves an empty chat: sending still works
  return <TestChatSession initial={history.data ? entriesOfHistory(history.data) : []} command={command} />;
}

/**
 * The live test chat (issue #15): the owner talks to the real bot as the test sender, multi-turn, and sees each
 * turn's trace under the bot's answer. Opens on the inline-end side (right in English, left in Arabic).
 */
export function TestChatPanel({
  opened,
  onClose,
  command,
}: {
  opened: boolean;
  onClose: () => void;
  command?: StartableCommand | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // Mantine's "right" is the inline end: flex-end of the page's direction, sliding in from the left in Arabic
      position="right"
      size="lg"
      title={
        <Box>
          <Text fw={600}>{t('testChat.title')}</Text>
          <Text size="xs" c="dimmed">
            {t('testChat.subtitle')}
          </Text>
        </Box>
      }
      closeButtonProps={{ 'aria-label': t('testChat.close') }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
      data-testid="test-chat-panel"
    >
      {opened && <TestChatBody command={command} />}
    </Drawer>
  );
}
