import type { DatasetRecord, OrderCurrency, OrderPaymentMethod } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { WriteCache } from '../../platform/db/write-cache.ts';
import { findOwnDataset } from '../datasets/dataset-repository.ts';
import type { DatasetTables } from '../datasets/dataset-tables.ts';
import type { ResponseTables } from '../responses/response-tables.ts';
import { centsOf } from './money.ts';

/** One item of a menu as the bot shows and sells it; `priceCents` is undefined when the price is no price. */
export interface MenuItem {
  id: number;
  title: string;
  subtitle: string;
  tags: string[];
  priceCents: number | undefined;
  image: string;
}

export interface Menu {
  id: number;
  name: string;
  taxPercent: number;
  shippingPercent: number;
  /** the menu's ds_currency and ds_payment_method: its cards' prices, its receipts and the orders it takes */
  currency: OrderCurrency;
  paymentMethod: OrderPaymentMethod;
  items: MenuItem[];
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function tagsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map(textOf).filter((tag) => tag !== ''))];
}

export function menuItemOf(id: number, data: Record<string, unknown>): MenuItem {
  return {
    id,
    title: textOf(data.title),
    subtitle: textOf(data.subtitle),
    tags: tagsOf(data.tags),
    priceCents: centsOf(data.price),
    image: /^https?:\/\//i.test(textOf(data.image)) ? textOf(data.image) : '',
  };
}

/** The records the owner added to the menu (no sender's), oldest first. */
async function listMenuRecords(db: Database, dsId: number) {
  return db
    .withTables<DatasetTables>()
    .selectFrom('dataset_records')
    .select(['_id', 'data'])
    .where('ds_id', '=', dsId)
    .where('sender_id', '=', '')
    .orderBy('_id')
    .execute();
}

export function isMenu(dataset: DatasetRecord | undefined): dataset is DatasetRecord {
  return dataset?.ds_type === 'menu';
}

/**
 * Menus as the runtime reads them, kept per process until a write to the dataset tables (write-cache.ts): a menu
 * turn, a card's add-to-cart postback and the cart's response each read the menu, which was every record of it
 * from the database each time. Another process's changes are seen once an entry is a second old.
 */
const menus = new WriteCache<Menu | undefined>({
  tables: { only: new Set(['datasets', 'dataset_records']) },
  maxAgeMs: 1000,
  maxEntries: 1000,
});

async function readMenu(db: Database, ownerId: number, menuId: number): Promise<Menu | undefined> {
  const dataset = await findOwnDataset(db, ownerId, menuId);
  if (!isMenu(dataset) || dataset.ds_status !== 1) return undefined;
  const rows = await listMenuRecords(db, menuId);
  const items = rows
    .map((row) => menuItemOf(row._id, fromJson<Record<string, unknown>>(row.data, {})))
    .filter((item) => item.title !== '');
  return {
    id: dataset.ds_id,
    name: dataset.ds_name,
    taxPercent: dataset.ds_tax,
    shippingPercent: dataset.ds_shipping,
    currency: dataset.ds_currency,
    paymentMethod: dataset.ds_payment_method,
    items,
  };
}

/**
 * The owner's own menu (a menu dataset, switched on) with its items that have a title; undefined when the id
 * names no such menu. Prices come from the menu on the server (cached as above), never from a message.
 */
export function loadMenu(db: Database, ownerId: number, menuId: number): Promise<Menu | undefined> {
  return menus.get(db, `${ownerId}:${menuId}`, () => readMenu(db, ownerId, menuId));
}

/**
 * The owner's commands whose response is a shopping cart `insert` into this menu, lowest id first: a menu
 * card's add-to-cart button starts the first one.
 */
export async function findCartInsertCommandId(
  db: Database,
  ownerId: number,
  menuId: number,
): Promise<number | undefined> {
  const rows = await db
    .withTables<ResponseTables>()
    .selectFrom('command_responses')
    .select(['resp_command_id', 'resp_record'])
    .where('user_id', '=', ownerId)
    .where('resp_type', '=', 'shopping_cart')
    .orderBy('resp_command_id')
    .execute();
  const found = rows.find((row) => {
    const record = fromJson<{ resp_menu_id?: unknown; resp_cart_action?: unknown }>(row.resp_record, {});
    return Number(record.resp_menu_id) === menuId && (record.resp_cart_action ?? 'insert') === 'insert';
  });
  return found?.resp_command_id;
}
