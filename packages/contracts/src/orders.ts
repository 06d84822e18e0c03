import { z } from 'zod';
import { okWith } from './envelope.ts';
import { idParam } from './numeric-input.ts';

/**
 * Orders of a menu (spec part 2 "Order"): what a sender's `complete_order` creates from their cart and the
 * owner confirms or deletes in the menu's orders screen. Money is in the currency's units with 2 decimals
 * (the server computes in integer cents: tax = round(subtotal × ds_tax / 100), shipping =
 * round(subtotal × ds_shipping / 100), total = subtotal + tax + shipping).
 */

/** The spec's limits: currencies EGP, RSA, USD (default EGP); payment methods cash, visa (default cash). */
export const orderCurrencies = ['EGP', 'RSA', 'USD'] as const;
export type OrderCurrency = (typeof orderCurrencies)[number];
export const DEFAULT_ORDER_CURRENCY: OrderCurrency = 'EGP';
export const orderPaymentMethods = ['cash', 'visa'] as const;
export type OrderPaymentMethod = (typeof orderPaymentMethods)[number];
export const DEFAULT_ORDER_PAYMENT_METHOD: OrderPaymentMethod = 'cash';
export const orderStatuses = ['pending', 'confirmed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The console's orders screen refreshes its list this often (spec part 2 limits). */
export const ORDERS_REFRESH_MS = 5000;

export const orderItemSchema = z.object({
  title: z.string(),
  quantity: z.number().int().positive(),
  /** the unit price */
  price: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  _id: z.number(),
  order_number: z.string(),
  menu_id: z.number(),
  fullname: z.string(),
  /** ISO 8601 UTC */
  created_at: z.string(),
  items: z.array(orderItemSchema),
  phone: z.string(),
  address: z.string(),
  subtotal: z.number(),
  tax: z.number(),
  shipping: z.number(),
  /** the total */
  price: z.number(),
  currency: z.enum(orderCurrencies),
  payment_method: z.enum(orderPaymentMethods),
  notes: z.string(),
  status: z.enum(orderStatuses),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /shopping_cart/orders/{menuId}: the menu's pending orders, newest first, keyed by the menu id. */
export const ordersListAnswerSchema = okWith(z.record(z.string(), z.array(orderSchema)));
export type OrdersListAnswer = z.infer<typeof ordersListAnswerSchema>;

/** POST /shopping_cart/orders/{orderId}/confirm: the confirmed order. */
export const orderConfirmAnswerSchema = okWith(orderSchema);
export type OrderConfirmAnswer = z.infer<typeof orderConfirmAnswerSchema>;

export const ordersMenuIdParams = z.object({ menuId: idParam });
export const orderIdParams = z.object({ orderId: idParam });
