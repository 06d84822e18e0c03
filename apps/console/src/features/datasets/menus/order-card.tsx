import type { Order } from '@hiwar/contracts';
import { Badge, Button, Card, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconMapPin, IconNote, IconPhone, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnText, OwnTextCell } from '../../../components/own-text.tsx';
import { useFormatNumber } from '../../../lib/format-number.ts';
import { formatTimeAgo, useFormatMoney } from './order-amounts.ts';
import { useOrderActions } from './use-order-actions.ts';

interface OrderCardProps {
  menuId: number;
  order: Order;
  /** the time "time ago" counts from */
  now: number;
}

/** A line of the contact part: an icon, a label for screen readers, and the sender's text. */
function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" component="span" mt={2} aria-hidden>
        {icon}
      </Text>
      <Text size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {children}
    </Group>
  );
}

function AmountLine({
  label,
  amount,
  isTotal = false,
}: {
  label: string;
  amount: string;
  isTotal?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={isTotal ? 700 : undefined} c={isTotal ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={isTotal ? 700 : 500}>
        {amount}
      </Text>
    </Group>
  );
}

/**
 * One pending order (spec part 2 §2 "Menu orders screen"): the customer, how long ago, the items (title,
 * quantity, unit price), phone, address, subtotal, tax, shipping, total and notes, with Delete and Confirm.
 * What the sender wrote is laid out by its own direction; a phone number always left to right, or an Arabic
 * console would turn "+20 100 555" into "555 100 +20".
 */
export function OrderCard({ menuId, order, now }: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const formatNumber = useFormatNumber();
  const formatMoney = useFormatMoney();
  const money = (amount: number) => formatMoney(amount, order.currency);
  const actions = useOrderActions(menuId, order);
  const isInFlight = actions.inFlight !== null;
  const title = t('menus.orders.title', { number: order.order_number });

  return (
    <Card withBorder shadow="xs" component="article" aria-label={title} data-testid={`order-${order._id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            {/* in the frame's direction, the name read in its own: it stays at the card's start */}
            <Text fw={700} size="lg">
              <span dir="auto">{order.fullname}</span>
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {title}
              </Text>
              <Text size="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text size="sm" c="dimmed" component="time" dateTime={order.created_at}>
                {formatTimeAgo(order.created_at, now, i18n.language)}
              </Text>
            </Group>
          </Stack>
          <Badge variant="light" color="gray">
            {t(`menus.orders.payment.${order.payment_method}`)}
          </Badge>
        </Group>
        <Stack gap={6}>
          <ContactLine icon={<IconPhone size={16} />} label={t('menus.orders.phone')}>
            <Text size="sm" dir="ltr" component="a" href={`tel:${order.phone}`}>
              {order.phone}
            </Text>
          </ContactLine>
          <ContactLine icon={<IconMapPin size={16} />} label={t('menus.orders.address')}>
            <OwnText size="sm">{order.address}</OwnText>
          </ContactLine>
          {order.notes.trim() !== '' && (
            <ContactLine icon={<IconNote size={16} />} label={t('menus.orders.notes')}>
              <OwnText size="sm" style={{ whiteSpace: 'pre-line' }}>
                {order.notes}
              </OwnText>
            </ContactLine>
          )}
        </Stack>
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={4} data-testid="order-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('menus.orders.item')}</Table.Th>
                <Table.Th w={90}>{t('menus.orders.quantity')}</Table.Th>
                <Table.Th w={130}>{t('menus.orders.price')}</Table.Th>
                <Table.Th w={130}>{t('menus.orders.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item, index) => (
                // an order may list one title twice (two carts' lines); the position tells them apart
                // biome-ignore lint/suspicious/noArrayIndexKey: the items never move within an order
                <Table.Tr key={index}>
                  <OwnTextCell>{item.title}</OwnTextCell>
                  <Table.Td>{formatNumber(item.quantity)}</Table.Td>
                  <Table.Td>{money(item.price)}</Table.Td>
                  <Table.Td>{money(item.price * item.quantity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={4} maw={320} w="100%" ms="auto" data-testid="order-amounts">
          <AmountLine label={t('menus.orders.subtotal')} amount={money(order.subtotal)} />
          <AmountLine label={t('menus.orders.tax')} amount={money(order.tax)} />
          <AmountLine label={t('menus.orders.shipping')} amount={money(order.shipping)} />
          <Divider />
          <AmountLine label={t('menus.orders.total')} amount={money(order.price)} isTotal />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={isInFlight}
            loading={actions.inFlight === 'delete'}
            onClick={actions.askToDelete}
          >
            {t('menus.orders.delete')}
          </Button>
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            disabled={isInFlight}
            loading={actions.inFlight === 'confirm'}
            onClick={actions.confirm}
          >
            {t('menus.orders.confirm')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
