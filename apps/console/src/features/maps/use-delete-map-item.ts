import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { failureMessage } from '../../lib/form-errors.ts';
import { mapsKey } from './maps-api.ts';

/**
 * Asks "Do you really need to delete {title} ?", then deletes a map or a location. Success reloads the lists,
 * which stay on the page they were on (the page is in the URL; an emptied last page steps back one).
 */
export function useDeleteMapItem(remove: (id: number) => Promise<unknown>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['crumb-name'] });
      return queryClient.invalidateQueries({ queryKey: mapsKey });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });
  return (item: { _id: number; title: string }) =>
    confirmDelete({ t, name: item.title, onConfirm: () => mutation.mutate(item._id) });
}
