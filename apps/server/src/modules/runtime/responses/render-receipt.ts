import type { BotMessage, BotTexts } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { receiptWordsOf } from '../../commerce/commerce-words.ts';
import { interpolate } from '../interpolate.ts';
import { itemPlaceholders, itemText, valueAtPath } from './item-values.ts';

/**
 * A dataset response's receipt (spec part 2 §3 "Receipt") as a `receipt` message: its items (title, amount,
 * unit price, image) and totals, and as `text` the same receipt readable as one text — a line per item
 * (title × amount = price × amount), then sub-total, shipping, tax and total in the receipt's currency — which
 * a client that does not draw receipts shows.
 */

const DEFAULT_CURRENCY = 'EGP';

interface ReceiptContext {
  values: Readonly<Record<string, string>>;
  /** the receipt's labels are Hiwar's own words: in the language the sender writes */
  senderLang: Lang;
  /** the owner's wording of Hiwar's own texts (chatbot settings) */
  botTexts?: BotTexts;
}

function setting(receipt: Record<string, unknown>, name: string, values: Readonly<Record<string, string>>) {
  const raw = receipt[name];
  return typeof raw === 'string' || typeof raw === 'number' ? interpolate(String(raw), values).trim() : '';
}

/** A column of an item: the value at that key, or a `{{field}}` template over the item. */
function columnOf(item: unknown, column: string, values: Readonly<Record<string, string>>): string {
  if (column.includes('{{')) return interpolate(column, { ...values, ...itemPlaceholders(item) }).trim();
  return column === '' ? '' : (itemText(valueAtPath(item, column)) ?? '').trim();
}

function numberIn(text: string): number | undefined {
  const match = /-?\d+(\.\d+)?/.exec(text.replace(/,/g, ''));
  return match ? Number(match[0]) : undefined;
}

const WEB_URL = /^https?:\/\/\S+$/i;

/** An amount rounded to the cent, as the receipt message carries it. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

const money = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

/** A shipping or tax setting: an amount, or a percentage of the sub-total ("2.5%"). */
function chargeOf(text: string, subTotal: number): number {
  const amount = numberIn(text) ?? 0;
  return text.trim().endsWith('%') ? (subTotal * amount) / 100 : amount;
}

export function renderReceipt(
  items: readonly unknown[],
  receipt: Record<string, unknown>,
  context: ReceiptContext,
): BotMessage[] {
  const read = (name: string) => setting(receipt, name, context.values);
  const word = receiptWordsOf(context.botTexts, context.senderLang);
  const currency = read('currency') || DEFAULT_CURRENCY;
  let computedSubTotal = 0;
  const entries = items.flatMap((item) => {
    const title = columnOf(item, read('elem_title_col'), context.values);
    if (title === '') return [];
    const price = numberIn(columnOf(item, read('elem_price_col'), context.values)) ?? 0;
    const amount = numberIn(columnOf(item, read('elem_amount_col'), context.values)) ?? 1;
    const image = read('elem_image_col') && columnOf(item, read('elem_image_col'), context.values);
    computedSubTotal += price * amount;
    return [{ title, price, amount, image: image && WEB_URL.test(image) ? image : '' }];
  });
  if (entries.length === 0) return [];
  const lines = entries.map(
    ({ title, price, amount }) => `• ${title} × ${money(amount)} = ${money(price * amount)} ${currency}`,
  );
  const subTotal = numberIn(read('sub_total')) ?? computedSubTotal;
  const shipping = chargeOf(read('shipping_cost'), subTotal);
  const tax = chargeOf(read('total_tax'), subTotal);
  const total = numberIn(read('total_cost')) ?? subTotal + shipping + tax;
  const orderNumber = read('order_number');
  const header = [
    [read('name'), read('merchant')].filter(Boolean).join(' — '),
    [orderNumber && `${word.order} ${orderNumber}`, read('timestamp')].filter(Boolean).join(' · '),
  ];
  const footer = [
    `${word.subTotal}: ${money(subTotal)} ${currency}`,
    shipping !== 0 ? `${word.shipping}: ${money(shipping)} ${currency}` : '',
    tax !== 0 ? `${word.tax}: ${money(tax)} ${currency}` : '',
    `${word.total}: ${money(total)} ${currency}`,
    read('payment_method') && `${word.payment}: ${read('payment_method')}`,
    read('address'),
    read('order_url'),
  ];
  const text = [...header, ...lines, ...footer].filter((line) => line !== '').join('\n');
  return [
    {
      type: 'receipt',
      items: entries.map(({ title, price, amount, image }) => ({
        title,
        quantity: amount,
        price: cents(price),
        ...(image !== '' && { image }),
      })),
      subtotal: cents(subTotal),
      tax: cents(tax),
      shipping: cents(shipping),
      total: cents(total),
      currency,
      payment_method: read('payment_method'),
      ...(orderNumber !== '' && { order_number: orderNumber }),
      ...(read('address') !== '' && { customer_address: read('address') }),
      text,
    },
  ];
}
