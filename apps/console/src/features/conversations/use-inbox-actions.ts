import { commandLangs, type InboxGroup, type SaveCommandRequest } from '@hiwar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { commandsKey, saveCommand } from '../../lib/commands-api.ts';
import { servicesKey } from '../services/index.ts';
import { addInboxExample, dismissInboxGroup, inboxKey } from './inbox-api.ts';
import { toastDone, toastFailure } from './inbox-messages.ts';

export interface NewCommand {
  serviceId: number;
  name: string;
}

/** The new command's language: the group's, when commands can have it. */
function commandLangOf(group: InboxGroup): SaveCommandRequest['command_lang'] {
  return (commandLangs as readonly string[]).includes(group.lang)
    ? (group.lang as SaveCommandRequest['command_lang'])
    : undefined;
}

/**
 * What the owner does with a group of the "not understood" inbox: add the chosen message as an example of a
 * command (one the engine nearly chose, another one, or a new one made from the group), or dismiss the group.
 * Each toasts what the server answered and calls `onSettled` so the group leaves the screen; the inbox and the
 * waiting counts are read again, and the command lists when a command was created.
 */
export function useInboxActions(group: InboxGroup, onSettled: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const settle = (message: string, fallback: string) => {
    toastDone(t, message, fallback);
    onSettled();
    return queryClient.invalidateQueries({ queryKey: inboxKey });
  };

  const addExample = useMutation({
    mutationFn: ({ turnId, commandId }: { turnId: number; commandId: number }) =>
      addInboxExample(group.id, turnId, commandId),
    onSuccess: (message) => {
      void queryClient.invalidateQueries({ queryKey: ['examples'] });
      return settle(message, t('conversations.messages.exampleAdded'));
    },
    onError: (error) => toastFailure(t, error),
  });

  const createCommand = useMutation({
    mutationFn: async ({ turnId, command }: { turnId: number; command: NewCommand }) => {
      const commandId = await saveCommand(command.serviceId, 0, {
        command_name: command.name,
        command_description: '',
        command_lang: commandLangOf(group),
      });
      void queryClient.invalidateQueries({ queryKey: servicesKey });
      void queryClient.invalidateQueries({ queryKey: commandsKey });
      return addInboxExample(group.id, turnId, commandId);
    },
    onSuccess: (message) => settle(message, t('conversations.messages.exampleAdded')),
  });

  const dismiss = useMutation({
    mutationFn: () => dismissInboxGroup(group.id),
    onSuccess: (message) => settle(message, t('conversations.messages.dismissed')),
    onError: (error) => toastFailure(t, error),
  });

  const isBusy = addExample.isPending || createCommand.isPending || dismiss.isPending;
  return { addExample, createCommand, dismiss, isBusy };
}
