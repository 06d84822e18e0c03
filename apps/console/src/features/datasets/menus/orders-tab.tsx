import { Center, Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconReceiptOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasetFormContext } from '../dataset-form-context.ts';
import { OrderCard } from './order-card.tsx';
import { usePendingOrders } from './orders-api.ts';

/** "Time ago" is written again this often, between the polls that bring no change. */
const CLOCK_TICK_MS = 30_000;

function NoOrders() {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-testid="no-orders">
      <Stack align="center" gap="xs">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconReceiptOff size={36} />
        </ThemeIcon>
        <Text fw={600}>{t('menus.orders.empty')}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {t('menus.orders.emptyHint')}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * /menus/{id}/orders (spec part 2 §2): the menu's pending orders, newest first, each with Delete and Confirm; an
 * empty state when there are none. The list is the Orders tab badge's poll (every 5000 ms while the menu's
 * form is open, stopped when it is left).
 */
export function MenuOrdersTab() {
  const { t } = useTranslation();
  const { datasetId } = useDatasetFormContext();
  const orders = usePendingOrders(datasetId);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), CLOCK_TICK_MS, { autoInvoke: true });
  // a new answer is counted from its own time, not from the last tick
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new answer.
  useEffect(() => setNow(Date.now()), [orders.data]);

  if (!orders.data) return <Loader aria-label={t('common.loading')} />;
  if (orders.data.length === 0) return <NoOrders />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('menus.orders.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md" data-testid="orders">
        {orders.data.map((order) => (
          <OrderCard key={order._id} menuId={datasetId} order={order} now={now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
