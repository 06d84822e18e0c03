import { botLanguageOf, type Order } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findChatbotTexts } from '../chatbot/chatbot-repository.ts';
import { findOwnDataset } from '../datasets/dataset-repository.ts';
import { insertNotice } from '../notices/notice-repository.ts';
import { commerceWordsOf } from './commerce-words.ts';
import { isMenu } from './menu-repository.ts';
import { findOwnOrder, listPendingOrders, orderOf, setOrderStatus } from './order-repository.ts';

/** The owner's menu's pending orders, newest first, keyed by the menu id; not found for another's or a dataset. */
export async function listMenuOrders(
  db: Database,
  userId: number,
  menuId: number,
): Promise<Record<string, Order[]>> {
  if (!isMenu(await findOwnDataset(db, userId, menuId))) throw new AppError('not_found');
  const rows = await listPendingOrders(db, menuId);
  return { [String(menuId)]: rows.map(orderOf) };
}

/**
 * Confirms the owner's pending order and tells the sender in their conversation (a notice the messenger shows,
 * in the language they ordered in), both in one transaction. A confirmed order answers as it is, telling nobody
 * again; a deleted or another owner's one is not found.
 */
export async function confirmOrder(db: Database, userId: number, orderId: number): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const row = await findOwnOrder(trx, userId, orderId);
    if (!row) throw new AppError('not_found');
    if (await setOrderStatus(trx, userId, orderId, 'confirmed', ['pending'])) {
      const sender = { userId, platform: row.platform, senderId: row.sender_id };
      const words = commerceWordsOf(await findChatbotTexts(trx, userId), botLanguageOf(row.lang));
      await insertNotice(
        trx,
        sender,
        { type: 'text', text: words.confirmed(row.order_number) },
        { kind: 'order_confirmed', params: [row.order_number] },
      );
    }
    return { ...orderOf(row), status: 'confirmed' };
  });
}

/** Deletes the owner's order (pending or confirmed): it leaves the list; not found when gone or another's. */
export async function deleteOrder(db: Database, userId: number, orderId: number): Promise<void> {
  if (!(await setOrderStatus(db, userId, orderId, 'deleted', ['pending', 'confirmed']))) {
    throw new AppError('not_found');
  }
}
