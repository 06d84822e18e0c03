import type { InboxGroup } from '@hiwar/contracts';
import { Anchor, Badge, Button, Card, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, useFormatNumber } from '../../lib/format-number.ts';
import { formatScore } from '../debugger/index.ts';
import { commandOptions, useFreshServiceChoices } from './command-options.ts';
import { senderPath } from './conversations-api.ts';
import { NewCommandForm } from './new-command-form.tsx';
import { useInboxActions } from './use-inbox-actions.ts';

/** A message of the group: what the sender wrote, and when, linking to the conversation. */
function MessageLine({
  message,
  isChoosable,
}: {
  message: InboxGroup['messages'][number];
  isChoosable?: boolean;
}) {
  const { i18n } = useTranslation();
  const text = (
    <Text size="sm" dir="auto" ta="start" component="span">
      {message.text}
    </Text>
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {isChoosable ? <Radio value={String(message.turn_id)} aria-label={message.text} label={text} /> : text}
      <Anchor component={Link} to={senderPath(message.sender_key)} size="xs" c="dimmed" ms="auto">
        {formatDateTime(message.at, i18n.language)}
      </Anchor>
    </Group>
  );
}

/**
 * The group's messages, the newest first. With several, the owner chooses the one an action adds as an
 * example (the newest until then).
 */
function GroupMessages({
  group,
  turnId,
  onChoose,
}: {
  group: InboxGroup;
  turnId: string;
  onChoose: (turnId: string) => void;
}) {
  const { t } = useTranslation();
  const [only] = group.messages;
  if (group.messages.length === 1 && only) return <MessageLine message={only} />;
  return (
    <Radio.Group value={turnId} onChange={onChoose} label={t('conversations.inbox.chooseMessage')}>
      <Stack gap={6} mt={6}>
        {group.messages.map((message) => (
          <MessageLine key={message.turn_id} message={message} isChoosable />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * One group of the "not understood" inbox: similar messages the bot did not understand, the commands the engine
 * nearly chose as one-click "Add as example of …" buttons, any other command, a new command, or Dismiss.
 */
export function InboxGroupCard({ group, onSettled }: { group: InboxGroup; onSettled: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormatNumber();
  const choices = useFreshServiceChoices();
  const actions = useInboxActions(group, onSettled);
  const [turnId, setTurnId] = useState(String(group.messages[0]?.turn_id ?? ''));
  const [commandId, setCommandId] = useState<string | null>(null);
  const [isCreating, setCreating] = useState(false);
  const add = (chosen: number) => actions.addExample.mutate({ turnId: Number(turnId), commandId: chosen });

  return (
    <Card shadow="xs" withBorder data-testid={`inbox-group-${group.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {t(`common.languages.${group.lang}`, { defaultValue: group.lang })}
            </Badge>
            <Text size="sm" fw={500}>
              {t('conversations.inbox.count', { messages: format(group.count) })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('conversations.inbox.lastAt', { at: formatDateTime(group.last_at, i18n.language) })}
          </Text>
        </Group>
        <GroupMessages group={group} turnId={turnId} onChoose={setTurnId} />
        {group.candidates.length > 0 && (
          <Group gap="xs" data-testid="candidates">
            {group.candidates.map((candidate) => (
              <Button
                key={candidate.command_id}
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={actions.isBusy}
                onClick={() => add(candidate.command_id)}
                rightSection={
                  <Text span size="xs" c="dimmed" dir="ltr">
                    {formatScore(candidate.score)}
                  </Text>
                }
              >
                {t('conversations.inbox.addAs', { command: candidate.command_name })}
              </Button>
            ))}
          </Group>
        )}
        <Group gap="xs" align="flex-end">
          <Select
            label={t('conversations.inbox.otherCommand')}
            placeholder={t('conversations.inbox.pickCommand')}
            data={commandOptions(choices.data)}
            value={commandId}
            onChange={setCommandId}
            searchable
            nothingFoundMessage={t('services.noData')}
            w={240}
            size="xs"
          />
          <Button
            size="xs"
            variant="default"
            disabled={commandId === null || actions.isBusy}
            onClick={() => commandId && add(Number(commandId))}
          >
            {t('conversations.inbox.add')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setCreating((open) => !open)}
            aria-expanded={isCreating}
          >
            {t('conversations.inbox.newCommand')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            ms="auto"
            leftSection={<IconX size={14} />}
            loading={actions.dismiss.isPending}
            disabled={actions.isBusy && !actions.dismiss.isPending}
            onClick={() => actions.dismiss.mutate()}
          >
            {t('conversations.inbox.dismiss')}
          </Button>
        </Group>
        {isCreating && (
          <NewCommandForm
            isBusy={actions.createCommand.isPending}
            onCreate={(command) => actions.createCommand.mutateAsync({ turnId: Number(turnId), command })}
          />
        )}
      </Stack>
    </Card>
  );
}
