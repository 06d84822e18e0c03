import type { VariableRecord } from '@hiwar/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { deleteVariable, setVariableStatus } from './variables-api.ts';

/** Status toggle and confirmed delete from the variables list; both reload the list on its current page. */
export function useVariableActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // all variables queries: the list's page, and the command's variable pickers elsewhere in the console
  const reload = () => queryClient.invalidateQueries({ queryKey: ['variables'] });
  const showFailure = (error: unknown) =>
    notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) });

  const toggle = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) => setVariableStatus(id, status),
    onSettled: reload,
    onError: showFailure,
  });
  const remove = useMutation({ mutationFn: deleteVariable, onSuccess: reload, onError: showFailure });

  const confirmDelete = (variable: VariableRecord) =>
    modals.openConfirmModal({
      title: t('variables.deleteTitle'),
      children: <Text size="sm">{t('variables.deleteConfirm', { name: variable.var_name })}</Text>,
      labels: { confirm: t('variables.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(variable.var_id),
    });

  return {
    setStatus: (variable: VariableRecord, isOn: boolean) =>
      toggle.mutate({ id: variable.var_id, status: isOn ? 1 : 0 }),
    confirmDelete,
  };
}
