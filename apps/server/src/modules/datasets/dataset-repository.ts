import {
  type DatasetField,
  type DatasetListEntry,
  type DatasetRecord,
  type DatasetType,
  DEFAULT_ORDER_CURRENCY,
  DEFAULT_ORDER_PAYMENT_METHOD,
  type OrderCurrency,
  type OrderPaymentMethod,
  orderCurrencies,
  orderPaymentMethods,
  PAGE_SIZE,
} from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { DatasetsTable, DatasetTables } from './dataset-tables.ts';

type DatasetRow = Selectable<DatasetsTable>;

function tablesOf(db: Database) {
  return db.withTables<DatasetTables>();
}

function datasetOf(row: DatasetRow): DatasetRecord {
  return {
    ...row,
    ds_type: row.ds_type === 'menu' ? 'menu' : 'dataset',
    ds_schema: fromJson<DatasetField[]>(row.ds_schema, []),
    ds_tax: Number(row.ds_tax),
    ds_shipping: Number(row.ds_shipping),
    ds_currency: (orderCurrencies as readonly string[]).includes(row.ds_currency)
      ? (row.ds_currency as OrderCurrency)
      : DEFAULT_ORDER_CURRENCY,
    ds_payment_method: (orderPaymentMethods as readonly string[]).includes(row.ds_payment_method)
      ? (row.ds_payment_method as OrderPaymentMethod)
      : DEFAULT_ORDER_PAYMENT_METHOD,
  };
}

export interface NewDataset {
  userId: number;
  name: string;
  type?: DatasetType;
  status?: number;
  isPublic?: number;
  schema?: DatasetField[];
  tax?: number;
  shipping?: number;
  currency?: OrderCurrency;
  paymentMethod?: OrderPaymentMethod;
}

/** Creates a dataset (the dataset screens and the tests use it). */
export async function createDataset(db: Database, dataset: NewDataset): Promise<DatasetRecord> {
  const row = await tablesOf(db)
    .insertInto('datasets')
    .values({
      user_id: dataset.userId,
      ds_name: dataset.name,
      ds_type: dataset.type ?? 'dataset',
      ds_status: dataset.status ?? 1,
      is_public: dataset.isPublic ?? 0,
      ds_schema: toJson(dataset.schema ?? []),
      ds_tax: dataset.tax ?? 0,
      ds_shipping: dataset.shipping ?? 0,
      ds_currency: dataset.currency ?? DEFAULT_ORDER_CURRENCY,
      ds_payment_method: dataset.paymentMethod ?? DEFAULT_ORDER_PAYMENT_METHOD,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return datasetOf(row);
}

/** A dataset the user may read: their own or a public one. */
export async function findReadableDataset(
  db: Database,
  userId: number,
  dsId: number,
): Promise<DatasetRecord | undefined> {
  const row = await tablesOf(db)
    .selectFrom('datasets')
    .selectAll()
    .where('ds_id', '=', dsId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
    .executeTakeFirst();
  return row ? datasetOf(row) : undefined;
}

/** The owner's datasets of the given types, and other owners' public ones. */
export async function listDatasetEntries(
  db: Database,
  userId: number,
  types: DatasetType[],
): Promise<{ private: DatasetListEntry[]; public: DatasetListEntry[] }> {
  const rows = await tablesOf(db)
    .selectFrom('datasets')
    .select(['ds_id', 'user_id', 'ds_name', 'ds_type', 'ds_schema'])
    .where('ds_type', 'in', types)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
    .orderBy('ds_name')
    .orderBy('ds_id')
    .execute();
  const entries = rows.map((row) => ({
    owned: row.user_id === userId,
    entry: {
      ds_id: row.ds_id,
      ds_name: row.ds_name,
      ds_type: row.ds_type === 'menu' ? ('menu' as const) : ('dataset' as const),
      ds_schema: fromJson<DatasetField[]>(row.ds_schema, []),
    },
  }));
  return {
    private: entries.filter((item) => item.owned).map((item) => item.entry),
    public: entries.filter((item) => !item.owned).map((item) => item.entry),
  };
}

/** A dataset only its owner may change (a public one is still written by its owner alone). */
export async function findOwnDataset(
  db: Database,
  userId: number,
  dsId: number,
): Promise<DatasetRecord | undefined> {
  const dataset = await findReadableDataset(db, userId, dsId);
  return dataset?.user_id === userId ? dataset : undefined;
}

/** One page of the owner's datasets (or menus), oldest first, optionally filtered by keywords in the name. */
export async function listDatasetsPage(
  db: Database,
  userId: number,
  { type, page, keywords }: { type: DatasetType; page: number; keywords: string },
) {
  let query = tablesOf(db).selectFrom('datasets').where('user_id', '=', userId).where('ds_type', '=', type);
  if (keywords !== '') query = query.where(containsKeywords('ds_name', keywords));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['ds_id', 'ds_name', 'ds_status', 'ds_type', 'is_public'])
    .orderBy('ds_id')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return {
    total: Number(counted.count),
    rows: rows.map((row) => ({
      ...row,
      ds_type: row.ds_type === 'menu' ? ('menu' as const) : ('dataset' as const),
    })),
  };
}

export interface DatasetChanges {
  name?: string;
  type?: DatasetType;
  status?: number;
  isPublic?: number;
  schema?: DatasetField[];
  tax?: number;
  shipping?: number;
  currency?: OrderCurrency;
  paymentMethod?: OrderPaymentMethod;
}

/** Changes the given columns of a dataset. */
export async function updateDataset(db: Database, dsId: number, changes: DatasetChanges): Promise<void> {
  await tablesOf(db)
    .updateTable('datasets')
    .set({
      ...(changes.name !== undefined && { ds_name: changes.name }),
      ...(changes.type !== undefined && { ds_type: changes.type }),
      ...(changes.status !== undefined && { ds_status: changes.status }),
      ...(changes.isPublic !== undefined && { is_public: changes.isPublic }),
      ...(changes.schema !== undefined && { ds_schema: toJson(changes.schema) }),
      ...(changes.tax !== undefined && { ds_tax: changes.tax }),
      ...(changes.shipping !== undefined && { ds_shipping: changes.shipping }),
      ...(changes.currency !== undefined && { ds_currency: changes.currency }),
      ...(changes.paymentMethod !== undefined && { ds_payment_method: changes.paymentMethod }),
      updated_at: nowIso(),
    })
    .where('ds_id', '=', dsId)
    .execute();
}

/** Deletes a dataset; its records go with it (ON DELETE CASCADE), variables pointing at it are cleared. */
export async function deleteDatasetRow(db: Database, dsId: number): Promise<void> {
  await tablesOf(db).deleteFrom('datasets').where('ds_id', '=', dsId).execute();
}
