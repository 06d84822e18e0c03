import { Autocomplete, Fieldset, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { receiptCurrencies, receiptPaymentMethods } from './dataset-query-values.ts';
import { PlaceholderInput } from './placeholder-field.tsx';
import type { PlaceholderLists } from './placeholder-tokens.ts';

const textSettings = ['name', 'merchant', 'order_number', 'timestamp', 'order_url', 'address'] as const;
const columnSettings = ['elem_title_col', 'elem_price_col', 'elem_amount_col', 'elem_image_col'] as const;
/** spec §9's sample placeholders: tax 2.5%, shipping 1% */
const chargeSettings = [
  ['sub_total', ''],
  ['shipping_cost', '1%'],
  ['total_tax', '2.5%'],
  ['total_cost', ''],
] as const;

/** A dataset response's receipt (spec part 2 §3 "Receipt"): its texts, the item columns, money settings. */
export function ReceiptFields({
  receipt,
  onChange,
  columns,
  lists,
}: {
  receipt: Record<string, unknown>;
  onChange: (receipt: Record<string, unknown>) => void;
  columns: readonly string[];
  lists: PlaceholderLists;
}) {
  const { t } = useTranslation();
  const text = (name: string) => {
    const value = receipt[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const set = (name: string, value: unknown) => onChange({ ...receipt, [name]: value });
  const label = (name: string) => t(`responses.builders.receipt.${name}`);
  return (
    <Fieldset legend={t('responses.builders.receipt.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {textSettings.map((name) => (
          <PlaceholderInput
            key={name}
            label={label(name)}
            value={text(name)}
            onChange={(value) => set(name, value)}
            lists={lists}
          />
        ))}
        {columnSettings.map((name) => (
          <Autocomplete
            key={name}
            label={label(name)}
            data={[...columns]}
            value={text(name)}
            onChange={(value) => set(name, value)}
            dir="ltr"
          />
        ))}
        <Select
          label={label('currency')}
          data={[...receiptCurrencies]}
          value={text('currency') || 'EGP'}
          onChange={(value) => value && set('currency', value)}
          allowDeselect={false}
        />
        <Select
          label={label('payment_method')}
          data={receiptPaymentMethods.map((method) => ({
            value: method,
            label: t(`responses.builders.receipt.payment.${method}`),
          }))}
          value={text('payment_method') || 'cash'}
          onChange={(value) => value && set('payment_method', value)}
          allowDeselect={false}
        />
        {chargeSettings.map(([name, sample]) => (
          <PlaceholderInput
            key={name}
            label={label(name)}
            placeholder={sample}
            value={text(name)}
            onChange={(value) => set(name, value)}
            lists={lists}
            dir="ltr"
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
