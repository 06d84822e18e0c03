import type { ColumnType, Generated } from 'kysely';
import type { JsonText, Timestamp } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `carts` (migration 0021): one per sender per menu; `items` is a JSON list of `CartLine`. */
export interface CartsTable {
  id: Generated<number>;
  user_id: number;
  ds_id: number;
  platform: string;
  sender_id: string;
  items: WithDefault<JsonText>;
  revision: WithDefault<number>;
  last_order_id: number | null;
  updated_at: WithDefault<Timestamp>;
}

/** `orders`: a cart ordered; money in integer cents; `items` is a JSON list of `OrderLine`. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  ds_id: number;
  platform: string;
  sender_id: string;
  order_number: string;
  idempotency_key: string;
  fullname: string;
  phone: string;
  address: string;
  notes: WithDefault<string>;
  items: WithDefault<JsonText>;
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  total_cents: number;
  currency: string;
  payment_method: string;
  lang: WithDefault<string>;
  status: WithDefault<string>;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
}

export type CommerceTables = {
  carts: CartsTable;
  orders: OrdersTable;
};
