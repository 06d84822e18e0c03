import { botTextOf, type ReceiptMessage } from '@hiwar/contracts';
import { cutText } from '../channel-text.ts';
import { addMessage, mediaAddress, noteDegraded, type RenderContext } from './messenger-render-context.ts';
import { MAX_TITLE_LENGTH } from './render-cards.ts';

/** Messenger's receipt template takes at most 100 elements. */
const MAX_RECEIPT_ELEMENTS = 100;

/** Hiwar's currencies as ISO 4217 codes, which the receipt template requires ("RSA" is the spec's riyal). */
const ISO_CURRENCIES: Record<string, string> = { RSA: 'SAR' };

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * An order's receipt as Messenger's receipt template: order number, the customer, the payment
 * method, each item with its quantity, line price and image, and the summary with shipping and tax — as the web
 * messenger draws it. Answers false (the caller sends the receipt's text) when it cannot be one: no order number
 * (a cart's receipt before an order: the template's number must be unique), a currency that is no ISO code, or
 * no items.
 */
export function renderReceipt(receipt: ReceiptMessage, context: RenderContext): boolean {
  const orderNumber = receipt.order_number?.trim() ?? '';
  const currency = ISO_CURRENCIES[receipt.currency] ?? receipt.currency;
  if (orderNumber === '' || !/^[A-Z]{3}$/.test(currency) || receipt.items.length === 0) return false;
  if (receipt.items.length > MAX_RECEIPT_ELEMENTS)
    noteDegraded(context, `receipt cut to its first ${MAX_RECEIPT_ELEMENTS} items`);
  const elements = receipt.items.slice(0, MAX_RECEIPT_ELEMENTS).map((item) => {
    const image = item.image ? mediaAddress(item.image, context) : null;
    return {
      title: cutText(item.title, MAX_TITLE_LENGTH),
      quantity: item.quantity,
      // the line's price (Messenger's sample: 2 shirts at 25 are "price": 50)
      price: cents(item.price * item.quantity),
      currency,
      ...(image && { image_url: image }),
    };
  });
  const order = botTextOf(context.texts, 'receiptOrder', context.lang);
  addMessage(context, {
    attachment: {
      type: 'template',
      payload: {
        template_type: 'receipt',
        recipient_name: receipt.customer_name?.trim() || `${order} ${orderNumber}`,
        order_number: orderNumber,
        currency,
        payment_method: receipt.payment_method.trim() || '—',
        elements,
        summary: {
          subtotal: receipt.subtotal,
          shipping_cost: receipt.shipping,
          total_tax: receipt.tax,
          total_cost: receipt.total,
        },
      },
    },
  });
  return true;
}
