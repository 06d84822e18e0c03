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

/** `sender_notices`: a bot message left for a sender outside a turn (an order confirmed), read by the messenger. */
export interface SenderNoticesTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  message: JsonText;
  created_at: WithDefault<Timestamp>;
  /** migration 0025: when a channel sender's notice went out through the channel (web notices stay null) */
  relayed_at: WithDefault<Timestamp | null>;
  /** unused since deliveries (migration 0041) keep a notice's delivery: why the relay gave it up before */
  relay_error: WithDefault<string | null>;
  /** migration 0047: what the notice is (`NoticeAbout`, JSON), null when nothing a platform treats apart */
  about: WithDefault<JsonText | null>;
}

export type CommerceTables = {
  carts: CartsTable;
  orders: OrdersTable;
  sender_notices: SenderNoticesTable;
};
