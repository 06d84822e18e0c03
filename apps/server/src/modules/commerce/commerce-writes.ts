import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { type CartLine, saveCart } from './cart-repository.ts';
import { insertOrderOnce, type NewOrder } from './order-repository.ts';

/**
 * What a shopping_cart response changes, planned during the turn and written in the transaction that stores
 * it (the turn writer), after the sender's bank passed its version check — `/debug` and a turn that lost a race
 * write nothing. A cart write is the cart's whole new content, computed from the cart the turn read.
 */
export type CommerceWrite =
  | { kind: 'cart'; dsId: number; lines: CartLine[] }
  /** the order (once per idempotency key), then the cart emptied and pointing at it */
  | { kind: 'order'; order: NewOrder };

export async function applyCommerceWrites(
  db: Database,
  sender: SenderKey,
  writes: readonly CommerceWrite[],
  now: string,
): Promise<void> {
  for (const write of writes) {
    if (write.kind === 'cart') {
      await saveCart(db, sender, write.dsId, write.lines);
      continue;
    }
    const orderId = await insertOrderOnce(db, write.order, now);
    await saveCart(db, sender, write.order.dsId, [], orderId);
  }
}
