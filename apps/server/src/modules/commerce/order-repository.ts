import type { Order, OrderCurrency, OrderPaymentMethod, OrderStatus } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import type { SenderKey } from '../../kernel/sender-key.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { CommerceTables, OrdersTable } from './commerce-tables.ts';
import { unitsOf } from './money.ts';

function tablesOf(db: Database) {
  return db.withTables<CommerceTables>();
}

export interface OrderLine {
  recordId: number;
  title: string;
  quantity: number;
  priceCents: number;
  image?: string;
}

export interface NewOrder {
  sender: SenderKey;
  dsId: number;
  orderNumber: string;
  /** the cart and the revision it was ordered from: a repeated completion of that cart finds this order */
  idempotencyKey: string;
  fullname: string;
  phone: string;
  address: string;
  notes: string;
  lines: OrderLine[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  currency: OrderCurrency;
  paymentMethod: OrderPaymentMethod;
  lang: string;
}

type OrderRow = Selectable<OrdersTable>;

/** A stored order as the orders calls answer it (money in units with 2 decimals). */
export function orderLinesOf(row: Pick<OrderRow, 'items'>): OrderLine[] {
  const lines = fromJson<unknown>(row.items, []);
  return Array.isArray(lines) ? (lines as OrderLine[]) : [];
}

export function orderOf(row: OrderRow): Order {
  const lines = orderLinesOf(row);
  return {
    _id: row.id,
    order_number: row.order_number,
    menu_id: row.ds_id,
    fullname: row.fullname,
    created_at: new Date(row.created_at).toISOString(),
    items: lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      price: unitsOf(line.priceCents),
    })),
    phone: row.phone,
    address: row.address,
    subtotal: unitsOf(row.subtotal_cents),
    tax: unitsOf(row.tax_cents),
    shipping: unitsOf(row.shipping_cents),
    price: unitsOf(row.total_cents),
    currency: row.currency as OrderCurrency,
    payment_method: row.payment_method as OrderPaymentMethod,
    notes: row.notes,
    status: row.status === 'confirmed' ? 'confirmed' : 'pending',
  };
}

/**
 * Stores an order once per idempotency key (a repeated completion of the same cart revision inserts nothing)
 * and answers the order's id either way. Runs in the turn's transaction.
 */
export async function insertOrderOnce(db: Database, order: NewOrder, now: string): Promise<number> {
  const inserted = await tablesOf(db)
    .insertInto('orders')
    .values({
      user_id: order.sender.userId,
      ds_id: order.dsId,
      platform: order.sender.platform,
      sender_id: order.sender.senderId,
      order_number: order.orderNumber,
      idempotency_key: order.idempotencyKey,
      fullname: order.fullname,
      phone: order.phone,
      address: order.address,
      notes: order.notes,
      items: toJson(order.lines),
      subtotal_cents: order.subtotalCents,
      tax_cents: order.taxCents,
      shipping_cents: order.shippingCents,
      total_cents: order.totalCents,
      currency: order.currency,
      payment_method: order.paymentMethod,
      lang: order.lang,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await tablesOf(db)
    .selectFrom('orders')
    .select('id')
    .where('idempotency_key', '=', order.idempotencyKey)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** One order of the owner's (any status but deleted); undefined when it is another owner's or gone. */
export async function findOwnOrder(
  db: Database,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  return tablesOf(db)
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
}

/** A menu's pending orders, newest first. */
export async function listPendingOrders(db: Database, dsId: number): Promise<OrderRow[]> {
  return tablesOf(db)
    .selectFrom('orders')
    .selectAll()
    .where('ds_id', '=', dsId)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Moves the owner's order to a new status from one of `from`; false when it is another owner's, gone, or not
 * in one of those statuses (a second confirm changes nothing).
 */
export async function setOrderStatus(
  db: Database,
  userId: number,
  orderId: number,
  status: OrderStatus | 'deleted',
  from: readonly (OrderStatus | 'deleted')[],
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('orders')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The contact details of the sender's latest order with the owner: a returning customer is not asked again. */
export async function findLastContact(
  db: Database,
  sender: SenderKey,
): Promise<{ fullname: string; phone: string; address: string } | undefined> {
  return tablesOf(db)
    .selectFrom('orders')
    .select(['fullname', 'phone', 'address'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
