import type { SenderKey } from '../../kernel/sender-key.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { CommerceTables } from './commerce-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<CommerceTables>();
}

/** One item in a cart: the menu record, how many, and its unit price (cents) when it was added. */
export interface CartLine {
  recordId: number;
  quantity: number;
  priceCents: number;
  title: string;
  image: string;
}

export interface StoredCart {
  /** 0: the sender has no cart for this menu yet */
  id: number;
  dsId: number;
  lines: CartLine[];
  revision: number;
  lastOrderId: number | null;
}

function cartLinesOf(text: string): CartLine[] {
  const parsed = fromJson<unknown>(text, []);
  return Array.isArray(parsed) ? (parsed as CartLine[]) : [];
}

/** The sender's cart for the menu; an empty one (id 0) when there is none. */
export async function findCart(db: Database, sender: SenderKey, dsId: number): Promise<StoredCart> {
  const row = await tablesOf(db)
    .selectFrom('carts')
    .select(['id', 'items', 'revision', 'last_order_id'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('ds_id', '=', dsId)
    .executeTakeFirst();
  if (!row) return { id: 0, dsId, lines: [], revision: 0, lastOrderId: null };
  return {
    id: row.id,
    dsId,
    lines: cartLinesOf(row.items),
    revision: row.revision,
    lastOrderId: row.last_order_id,
  };
}

/**
 * Stores a cart's new lines (and the order it became, when one was placed). Runs in the turn's transaction,
 * after the sender's bank passed its version check: only the sender's own turns change their cart, so the
 * lines the turn computed from the cart it read are still current.
 */
export async function saveCart(
  db: Database,
  sender: SenderKey,
  dsId: number,
  lines: readonly CartLine[],
  lastOrderId?: number,
): Promise<void> {
  const now = nowIso();
  const current = await findCart(db, sender, dsId);
  const changes = {
    items: toJson(lines),
    revision: current.revision + 1,
    updated_at: now,
    ...(lastOrderId !== undefined && { last_order_id: lastOrderId }),
  };
  if (current.id === 0) {
    await tablesOf(db)
      .insertInto('carts')
      .values({
        user_id: sender.userId,
        ds_id: dsId,
        platform: sender.platform,
        sender_id: sender.senderId,
        ...changes,
      })
      .execute();
    return;
  }
  await tablesOf(db).updateTable('carts').set(changes).where('id', '=', current.id).execute();
}
