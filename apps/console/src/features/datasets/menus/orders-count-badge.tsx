import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../lib/format-number.ts';
import { usePendingOrders } from './orders-api.ts';

/**
 * The Orders tab's badge: how many orders wait for the owner (spec part 2 §2). It polls the orders while the
 * menu's form is open, so it stays current on every tab, and the orders screen shares its answers.
 */
export function OrdersCountBadge({ datasetId }: { datasetId: number }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const orders = usePendingOrders(datasetId, { isPolling: true });
  if (!orders.data) return null;
  const count = orders.data.length;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      color={count > 0 ? 'red' : 'gray'}
      variant={count > 0 ? 'filled' : 'light'}
      title={t('menus.orders.pendingCount', { count })}
      data-testid="orders-count"
    >
      {formatNumber(count)}
    </Badge>
  );
}
