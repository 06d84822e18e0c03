import type { Order } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { failureMessage } from '../../../lib/form-errors.ts';
import { confirmOrder, deleteOrder, ordersKeyOf } from './orders-api.ts';

/**
 * Confirm and Delete of one order (spec part 2 §4): while either is in flight both are off (`inFlight`); on
 * success (status 1) the order leaves the list at once, and a toast says so; a refusal says why, and the list
 * is read again (the order may be gone already). Delete asks first.
 */
export function useOrderActions(menuId: number, order: Order) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ordersKeyOf(menuId);
  const names = { number: order.order_number, name: order.fullname };

  async function leaveList(messageKey: string) {
    // a poll sent before the change could still answer the order as pending: its answer is dropped
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<Order[]>(key, (orders) => orders?.filter((other) => other._id !== order._id));
    notifications.show({ color: 'green', message: t(messageKey, names) });
  }

  function showRefusal(messageKey: string, error: unknown) {
    const reason = failureMessage(error, t, t('messages.serverError'));
    notifications.show({ color: 'red', message: t(messageKey, { ...names, reason }) });
    void queryClient.invalidateQueries({ queryKey: key });
  }

  const confirmation = useMutation({
    mutationFn: () => confirmOrder(order._id),
    onSuccess: () => leaveList('menus.orders.confirmed'),
    onError: (error) => showRefusal('menus.orders.confirmFailed', error),
  });
  const removal = useMutation({
    mutationFn: () => deleteOrder(order._id),
    onSuccess: () => leaveList('menus.orders.deleted'),
    onError: (error) => showRefusal('menus.orders.deleteFailed', error),
  });

  const inFlight = confirmation.isPending ? 'confirm' : removal.isPending ? 'delete' : null;
  return {
    inFlight,
    confirm: () => confirmation.mutate(),
    askToDelete: () =>
      confirmDelete({
        t,
        name: t('menus.orders.orderOf', names),
        onConfirm: () => removal.mutate(),
      }),
  };
}
