import type { TranscriptTurn } from '@hiwar/contracts';
import { Badge, Button, Divider, Popover, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconPencilQuestion } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandOptions, useFreshServiceChoices } from './command-options.ts';
import { correctTurn, markNotForBot } from './conversations-api.ts';
import { toastDone, toastFailure } from './inbox-messages.ts';

type Outcome = { kind: 'corrected'; command: string } | { kind: 'notForBot' };

/** Whether the owner can correct the turn: a typed message the bot answered with a command. */
export function isCorrectable(turn: TranscriptTurn): boolean {
  return turn.event.type === 'text' && turn.command_id !== null && !turn.not_understood;
}

/** The popover's content: the right command to pick, or "not for this bot". Read when it opens. */
function CorrectionForm({
  senderKey,
  turn,
  onDone,
}: {
  senderKey: string;
  turn: TranscriptTurn;
  onDone: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = useFreshServiceChoices();
  const options = commandOptions(choices.data).map((group) => ({
    ...group,
    // the command that answered is the one the owner says was wrong
    items: group.items.filter((item) => item.value !== String(turn.command_id)),
  }));
  const [commandId, setCommandId] = useState<string | null>(null);
  const labelOf = (value: string) =>
    options.flatMap((group) => group.items).find((item) => item.value === value)?.label ?? '';

  const correct = useMutation({
    mutationFn: (chosen: string) => correctTurn(senderKey, turn.id, Number(chosen)),
    onSuccess: (message, chosen) => {
      toastDone(t, message, t('conversations.messages.exampleCorrected'));
      void queryClient.invalidateQueries({ queryKey: ['examples'] });
      onDone({ kind: 'corrected', command: labelOf(chosen) });
    },
    onError: (error) => toastFailure(t, error),
  });
  const notForBot = useMutation({
    mutationFn: () => markNotForBot(senderKey, turn.id),
    onSuccess: (message) => {
      toastDone(t, message, t('conversations.messages.markedNotForBot'));
      void queryClient.invalidateQueries({ queryKey: ['examples'] });
      onDone({ kind: 'notForBot' });
    },
    onError: (error) => toastFailure(t, error),
  });
  const isBusy = correct.isPending || notForBot.isPending;

  return (
    <Stack gap="xs" w={280}>
      {/* focused first: a searchable Select would open its list over the buttons below */}
      <Text size="sm" fw={600} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
        {t('conversations.correction.title')}
      </Text>
      <Select
        label={t('conversations.correction.rightCommand')}
        placeholder={t('conversations.inbox.pickCommand')}
        data={options}
        value={commandId}
        onChange={setCommandId}
        searchable
        nothingFoundMessage={t('services.noData')}
        size="xs"
        comboboxProps={{ withinPortal: false }}
      />
      <Button
        size="xs"
        disabled={commandId === null || isBusy}
        loading={correct.isPending}
        onClick={() => commandId && correct.mutate(commandId)}
      >
        {t('conversations.correction.addExample')}
      </Button>
      <Divider label={t('conversations.correction.or')} labelPosition="center" />
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconBan size={14} />}
        disabled={isBusy}
        loading={notForBot.isPending}
        onClick={() => notForBot.mutate()}
      >
        {t('conversations.correction.notForBot')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('conversations.correction.notForBotHint')}
      </Text>
    </Stack>
  );
}

/**
 * "Wrong command?" on a turn the bot answered with a command (issue #24): the owner picks the right command — the
 * message becomes its example — or says the message is not for this bot — it becomes a negative example of the
 * service that answered, and such messages are then not understood. The turn then says what was done.
 */
export function TurnCorrection({ senderKey, turn }: { senderKey: string; turn: TranscriptTurn }) {
  const { t } = useTranslation();
  const [isOpen, { close, toggle }] = useDisclosure(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (outcome) {
    return (
      <Badge
        color={outcome.kind === 'corrected' ? 'teal' : 'gray'}
        variant="light"
        tt="none"
        data-testid="turn-corrected"
      >
        {outcome.kind === 'corrected' ? (
          <>
            {t('conversations.correction.corrected')} <bdi>{outcome.command}</bdi>
          </>
        ) : (
          t('conversations.correction.markedNotForBot')
        )}
      </Badge>
    );
  }
  return (
    <Popover
      opened={isOpen}
      onChange={(opened) => !opened && close()}
      position="bottom-start"
      shadow="md"
      withArrow
      trapFocus
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          color="gray"
          leftSection={<IconPencilQuestion size={14} />}
          onClick={toggle}
          aria-expanded={isOpen}
        >
          {t('conversations.correction.wrongCommand')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <CorrectionForm
          senderKey={senderKey}
          turn={turn}
          onDone={(done) => {
            close();
            setOutcome(done);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
