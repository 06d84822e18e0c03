import type { CommandRecord } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { type CommandsPage, commandsKey, deleteCommand, setCommandStatus } from '../../lib/commands-api.ts';
import { failureMessage } from '../../lib/form-errors.ts';

function withStatus(commands: CommandRecord[], commandId: number, isActive: boolean): CommandRecord[] {
  return commands.map((command) =>
    command.command_id === commandId ? { ...command, command_status: isActive ? 1 : 0 } : command,
  );
}

/** The list's status switch and delete (after the confirmation); both reload the list on the same page. */
export function useCommandActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: commandsKey });
  // The switch moves at once; the reload after the call corrects it if the server refused.
  const showStatus = (commandId: number, isActive: boolean) =>
    queryClient.setQueriesData<CommandsPage>({ queryKey: [...commandsKey, 'page'] }, (page) =>
      page ? { ...page, commands: withStatus(page.commands, commandId, isActive) } : page,
    );
  const showFailure = (error: unknown) =>
    notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) });

  const status = useMutation({
    mutationFn: ({ command, isActive }: { command: CommandRecord; isActive: boolean }) =>
      setCommandStatus(command.command_id, isActive),
    onMutate: ({ command, isActive }) => showStatus(command.command_id, isActive),
    onSettled: reload,
    onError: showFailure,
  });
  const removal = useMutation({
    mutationFn: (command: CommandRecord) => deleteCommand(command.command_id),
    onSuccess: reload,
    onError: showFailure,
  });

  return {
    toggleStatus: (command: CommandRecord, isActive: boolean) => status.mutate({ command, isActive }),
    askToDelete: (command: CommandRecord) =>
      confirmDelete({ t, name: command.command_name, onConfirm: () => removal.mutate(command) }),
  };
}
