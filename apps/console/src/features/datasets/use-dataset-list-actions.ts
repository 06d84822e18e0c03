import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { datasetFailureMessage } from './dataset-messages.ts';
import { datasetsKey, deleteDataset, setDatasetStatus } from './datasets-api.ts';

interface ListedDataset {
  ds_id: number;
  ds_name: string;
}

/**
 * The list's status switch and its confirmed delete, each reloading the list (on the same page) on success. A
 * refused delete (409: variables or responses use the dataset) shows the server's message naming them, said of
 * a dataset or a menu after the list's `section`.
 */
export function useDatasetListActions(section: 'datasets' | 'menus' = 'datasets') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => {
    queryClient.removeQueries({ queryKey: ['crumb-name'] });
    return queryClient.invalidateQueries({ queryKey: datasetsKey });
  };
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: datasetFailureMessage(t, error, section) });
  const status = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setDatasetStatus(id, isActive),
    onSuccess: reload,
    onError,
  });
  const removal = useMutation({ mutationFn: deleteDataset, onSuccess: reload, onError });
  return {
    setStatus: (dataset: ListedDataset, isActive: boolean) => status.mutate({ id: dataset.ds_id, isActive }),
    askToDelete: (dataset: ListedDataset) =>
      confirmDelete({ t, name: dataset.ds_name, onConfirm: () => removal.mutate(dataset.ds_id) }),
  };
}
