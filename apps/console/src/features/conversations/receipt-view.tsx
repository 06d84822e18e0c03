import type { ReceiptMessage } from '@hiwar/contracts';
import { Divider, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, useFormatNumber } from '../../lib/format-number.ts';

/** An amount as the messenger writes it: two decimals, Western digits, then the currency. */
function useMoney(currency: string) {
  const { i18n } = useTranslation();
  return (amount: number) => {
    const digits = formatNumber(amount, i18n.language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return currency === '' ? digits : `${digits} ${currency}`;
  };
}

function AmountLine({ label, value, isTotal = false }: { label: string; value: string; isTotal?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={isTotal ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={isTotal ? 700 : undefined} dir="ltr">
        {value}
      </Text>
    </Group>
  );
}

/**
 * A receipt drawn like the web messenger draws it (apps/widget render-receipt.ts): a line per item, then
 * subtotal, tax, shipping, total, the payment method, and the order number and customer of an order.
 */
export function ReceiptView({ receipt }: { receipt: ReceiptMessage }) {
  const { t } = useTranslation();
  const money = useMoney(receipt.currency);
  const format = useFormatNumber();
  const method = receipt.payment_method;
  const payment = method === 'cash' || method === 'visa' ? t(`conversations.receipt.${method}`) : method;
  return (
    <Paper withBorder radius="md" p="sm" maw={360} data-testid="receipt">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t('conversations.receipt.title')}
          {receipt.order_number && (
            <>
              {' '}
              <span dir="ltr">#{receipt.order_number}</span>
            </>
          )}
        </Text>
        {(receipt.customer_name || receipt.customer_address) && (
          <Text size="xs" c="dimmed">
            <bdi>{[receipt.customer_name, receipt.customer_address].filter(Boolean).join(' — ')}</bdi>
          </Text>
        )}
        {receipt.items.map((item) => (
          <Group key={`${item.title}|${item.price}`} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap">
              {item.image && <Image src={item.image} alt="" w={32} h={32} radius="sm" />}
              <div>
                <Text size="sm">
                  <bdi>{item.title}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  <bdi dir="ltr">{`${format(item.quantity)} × ${money(item.price)}`}</bdi>
                </Text>
              </div>
            </Group>
            <Text size="sm" dir="ltr">
              {money(item.price * item.quantity)}
            </Text>
          </Group>
        ))}
        <Divider my={4} />
        <AmountLine label={t('conversations.receipt.subtotal')} value={money(receipt.subtotal)} />
        <AmountLine label={t('conversations.receipt.tax')} value={money(receipt.tax)} />
        <AmountLine label={t('conversations.receipt.shipping')} value={money(receipt.shipping)} />
        <AmountLine label={t('conversations.receipt.total')} value={money(receipt.total)} isTotal />
        {payment !== '' && <AmountLine label={t('conversations.receipt.payment')} value={payment} />}
      </Stack>
    </Paper>
  );
}
