import type { ReceiptMessage } from '@hiwar/contracts';
import { el, safeWebUrl } from '../dom.ts';
import type { RenderContext } from './render-context.ts';

/** Amounts with two decimals in Western digits in both languages, as the console shows them, then the currency. */
function money(amount: number, currency: string, locale: string): string {
  const digits = new Intl.NumberFormat(`${locale}-u-nu-latn`, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return currency === '' ? digits : `${digits} ${currency}`;
}

function line(label: string, value: string, className = 'receipt-line'): HTMLElement {
  return el('div', { class: className }, [
    el('span', { class: 'receipt-label' }, [label]),
    el('span', { class: 'receipt-amount', dir: 'ltr' }, [value]),
  ]);
}

/**
 * A receipt (a cart before ordering, or an order): a line per item (image, title, quantity × unit price, the
 * line's total), then subtotal, tax, shipping and total in the receipt's currency, the payment method, and the
 * order number and customer when the receipt is an order's. Every text goes in as text. The title, the customer
 * and the quantity are isolated (`<bdi>`) inside cells in the conversation's direction, so a Latin title in an
 * Arabic receipt still lines up on the receipt's start side.
 */
export function renderReceipt(receipt: ReceiptMessage, context: RenderContext): HTMLElement {
  const { strings } = context;
  const amount = (value: number) => money(value, receipt.currency, strings.locale);
  const method = receipt.payment_method;
  const payment = method === 'cash' ? strings.cash : method === 'visa' ? strings.visa : method;
  return el('div', { class: 'receipt', 'data-type': 'receipt' }, [
    el('div', { class: 'receipt-heading' }, [
      strings.receipt,
      // the space stays outside the left-to-right number, so it separates it from an Arabic heading too
      receipt.order_number && ' ',
      receipt.order_number &&
        el('span', { class: 'receipt-order', dir: 'ltr' }, [`#${receipt.order_number}`]),
    ]),
    (receipt.customer_name || receipt.customer_address) &&
      el('div', { class: 'receipt-customer' }, [
        el('bdi', {}, [[receipt.customer_name, receipt.customer_address].filter(Boolean).join(' — ')]),
      ]),
    el(
      'ul',
      { class: 'receipt-items' },
      receipt.items.map((item) => {
        const image = item.image ? safeWebUrl(item.image) : null;
        return el('li', { class: 'receipt-item' }, [
          image && el('img', { class: 'receipt-image', src: image, alt: '', loading: 'lazy' }),
          el('span', { class: 'receipt-title' }, [el('bdi', {}, [item.title])]),
          el('span', { class: 'receipt-quantity' }, [
            el('bdi', { dir: 'ltr' }, [`${item.quantity} × ${amount(item.price)}`]),
          ]),
          el('span', { class: 'receipt-amount', dir: 'ltr' }, [amount(item.price * item.quantity)]),
        ]);
      }),
    ),
    line(strings.subtotal, amount(receipt.subtotal)),
    line(strings.tax, amount(receipt.tax)),
    line(strings.shipping, amount(receipt.shipping)),
    line(strings.total, amount(receipt.total), 'receipt-line receipt-total'),
    payment !== '' && line(strings.payment, payment),
  ]);
}
