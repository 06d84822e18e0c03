import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/form-errors.ts';
import { localizeRecordMessage } from './record-messages.ts';
import { deleteRecord, deleteRecords, recordsKeyOf } from './records-api.ts';

/**
 * Asks "Do you really need to delete {count} records ?" (spec part 2 §8, the count-based confirmation), then
 * deletes one record (`delete_data`) or several (`multiple-delete-data`). Success reloads the grid on its page
 * (an emptied last page steps back one); a failure shows the server's message as an error toast.
 */
export function useDeleteRecords(datasetId: number, onDeleted: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (ids: number[]) => (ids.length === 1 ? deleteRecord(ids[0] as number) : deleteRecords(ids)),
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: recordsKeyOf(datasetId) });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: localizeRecordMessage(t, failureMessage(error, t, t('messages.serverError'))),
      }),
  });

  return (ids: number[]) => {
    if (ids.length === 0) return;
    modals.openConfirmModal({
      title: t('datasets.records.confirmDelete.title'),
      children: (
        <Text size="sm">
          {ids.length === 1
            ? t('datasets.records.confirmDelete.questionOne')
            : t('datasets.records.confirmDelete.questionMany', { count: ids.length })}
        </Text>
      ),
      labels: { confirm: t('datasets.records.confirmDelete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
      centered: true,
      onConfirm: () => mutation.mutate(ids),
    });
  };
}
