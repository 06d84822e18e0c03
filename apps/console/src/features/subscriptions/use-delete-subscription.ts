import type { SubscriptionRow } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { failureMessage } from '../../lib/form-errors.ts';
import { localizeSubscriptionMessage } from './subscription-messages.ts';
import { deleteSubscription, subscriptionsKey } from './subscriptions-api.ts';

/** Asks "Do you really need to delete {title} ?", then deletes the channel; the list stays on its page. */
export function useDeleteSubscription() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('subscriptions.list.deleted') });
      queryClient.removeQueries({ queryKey: ['crumb-name'] });
      return queryClient.invalidateQueries({ queryKey: subscriptionsKey });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: localizeSubscriptionMessage(t, failureMessage(error, t, t('messages.serverError'))),
      }),
  });
  return (row: SubscriptionRow) =>
    confirmDelete({ t, name: row.sc_title, onConfirm: () => mutation.mutate(row.sc_id) });
}
