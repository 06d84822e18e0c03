import { type HandoffView, handoffReplyRequest } from '@hiwar/contracts';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconHeadset, IconRobot, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-number.ts';
import {
  conversationsKey,
  giveBackToBot,
  handoffKey,
  replyToSender,
  transcriptKey,
} from './conversations-api.ts';
import { waitingKey } from './inbox-api.ts';
import { localizeInboxMessage, toastDone, toastFailure } from './inbox-messages.ts';

interface HandoffBannerProps {
  senderKey: string;
  handoff: HandoffView;
}

/**
 * A conversation handed over to a person (cs_connect): the bot stays silent for this sender until it expires
 * or the owner gives it back. The owner answers here; the answer reaches the sender as a notice.
 */
export function HandoffBanner({ senderKey, handoff }: HandoffBannerProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: handoffKey(senderKey) }),
      queryClient.invalidateQueries({ queryKey: transcriptKey(senderKey) }),
      queryClient.invalidateQueries({ queryKey: [...conversationsKey, 'list'] }),
      queryClient.invalidateQueries({ queryKey: waitingKey }),
    ]);

  const reply = useMutation({
    mutationFn: (answer: string) => replyToSender(senderKey, answer),
    onSuccess: (message) => {
      setText('');
      toastDone(t, message, t('conversations.messages.replySent'));
      return refresh();
    },
    onError: (failure) => toastFailure(t, failure),
  });
  const release = useMutation({
    mutationFn: () => giveBackToBot(senderKey),
    onSuccess: (message) => {
      toastDone(t, message, t('conversations.messages.released'));
      return refresh();
    },
    onError: (failure) => toastFailure(t, failure),
  });

  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = handoffReplyRequest.safeParse({ text });
    if (!parsed.success) {
      setError(localizeInboxMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    reply.mutate(parsed.data.text);
  };

  const department = handoff.department_name ?? t('conversations.handoff.anyDepartment');
  return (
    <Alert
      color={handoff.status === 'waiting' ? 'red' : 'blue'}
      icon={<IconHeadset size={20} />}
      title={t(`conversations.handoff.titles.${handoff.status}`)}
      data-testid="handoff-banner"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('conversations.handoff.details', {
            department,
            expires: formatDateTime(handoff.expires_at, i18n.language),
          })}
        </Text>
        <form onSubmit={send} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('conversations.handoff.reply')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={error}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={2000}
              data-testid="handoff-reply"
            />
            <Group justify="space-between">
              <Button
                type="submit"
                loading={reply.isPending}
                leftSection={<IconSend size={16} />}
                data-testid="handoff-send"
              >
                {t('conversations.handoff.send')}
              </Button>
              <Button
                variant="default"
                loading={release.isPending}
                leftSection={<IconRobot size={16} />}
                onClick={() => release.mutate()}
                data-testid="handoff-release"
              >
                {t('conversations.handoff.release')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Alert>
  );
}
