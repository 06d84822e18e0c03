import type { DatasetField, DatasetListEntry, DatasetRecord, DatasetType } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return datasetOf(row);
}

/** Adds one record to a dataset; answers its `_id`. */
export async function insertDatasetRecord(
  db: Database,
  record: { dsId: number; userId: number; data: Record<string, unknown> },
): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('dataset_records')
    .values({ ds_id: record.dsId, user_id: record.userId, data: toJson(record.data) })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return row._id;
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

/** The `data` objects of every record of a dataset, oldest first. */
export async function listRecordData(db: Database, dsId: number): Promise<Record<string, unknown>[]> {
  const rows = await tablesOf(db)
    .selectFrom('dataset_records')
    .select('data')
    .where('ds_id', '=', dsId)
    .orderBy('_id')
    .execute();
  return rows.map((row) => fromJson<Record<string, unknown>>(row.data, {}));
}
