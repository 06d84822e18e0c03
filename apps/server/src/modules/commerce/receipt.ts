import type { ReceiptMessage } from '@hiwar/contracts';
import type { ReceiptWords } from './commerce-words.ts';
import { moneyText, type Totals, unitsOf } from './money.ts';

export interface ReceiptInput {
  lines: readonly { title: string; quantity: number; priceCents: number; image?: string }[];
  totals: Totals;
  currency: string;
  paymentMethod: string;
  orderNumber?: string;
  customerName?: string;
  customerAddress?: string;
}

/**
 * A cart or an order as a receipt message, with its plain-text form in the sender's language (what a client
 * that does not draw receipts shows): a line per item, subtotal, shipping, tax, total, payment.
 */
export function receiptOf(input: ReceiptInput, word: ReceiptWords): ReceiptMessage {
  const amount = (cents: number) => `${moneyText(cents)} ${input.currency}`;
  const { totals } = input;
  const text = [
    input.orderNumber ? `${word.order} ${input.orderNumber}` : '',
    ...input.lines.map(
      (line) => `• ${line.title} × ${line.quantity} = ${amount(line.priceCents * line.quantity)}`,
    ),
    `${word.subTotal}: ${amount(totals.subtotalCents)}`,
    totals.shippingCents !== 0 ? `${word.shipping}: ${amount(totals.shippingCents)}` : '',
    totals.taxCents !== 0 ? `${word.tax}: ${amount(totals.taxCents)}` : '',
    `${word.total}: ${amount(totals.totalCents)}`,
    `${word.payment}: ${word.paymentName(input.paymentMethod)}`,
    [input.customerName, input.customerAddress].filter(Boolean).join(' — '),
  ]
    .filter((line) => line !== '')
    .join('\n');
  return {
    type: 'receipt',
    items: input.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      price: unitsOf(line.priceCents),
      ...(line.image && { image: line.image }),
    })),
    subtotal: unitsOf(totals.subtotalCents),
    tax: unitsOf(totals.taxCents),
    shipping: unitsOf(totals.shippingCents),
    total: unitsOf(totals.totalCents),
    currency: input.currency,
    payment_method: input.paymentMethod,
    ...(input.orderNumber && { order_number: input.orderNumber }),
    ...(input.customerName && { customer_name: input.customerName }),
    ...(input.customerAddress && { customer_address: input.customerAddress }),
    text,
  };
}
