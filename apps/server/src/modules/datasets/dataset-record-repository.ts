import { type DatasetDataRow, PAGE_SIZE } from '@hiwar/contracts';
import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import { offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database, DialectName } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import { TRIGRAM_INDEXES } from '../../platform/db/migrations/0020-dataset-records-trigram-pending-list.ts';
import type { DatasetRecordsTable, DatasetTables } from './dataset-tables.ts';
import { searchTextOf } from './record-values.ts';

type RecordRow = Selectable<DatasetRecordsTable>;

function tablesOf(db: Database) {
  return db.withTables<DatasetTables>();
}

/** A record as the grid reads it: the kept keys, then the field values. */
function dataRowOf(
  row: Pick<RecordRow, '_id' | 'ds_id' | 'user_id' | 'sender_id' | 'record_status' | 'data'>,
) {
  return {
    ...fromJson<Record<string, unknown>>(row.data, {}),
    _id: row._id,
    ds_id: row.ds_id,
    __user_id: row.user_id,
    __sender_id: row.sender_id,
    __status: row.record_status,
  } satisfies DatasetDataRow;
}

const gridColumns = ['_id', 'ds_id', 'user_id', 'sender_id', 'record_status', 'data'] as const;

/** `__sender_id` of the records a bot conversation writes for a sender. */
export function recordSenderId(sender: { platform: string; senderId: string }): string {
  return `${sender.platform}:${sender.senderId}`;
}

export interface NewDatasetRecord {
  dsId: number;
  /** the dataset's owner (`__user_id`) */
  userId: number;
  /** the sender a bot conversation wrote it for (`__sender_id`); '' when the owner added it */
  senderId?: string;
  status?: number;
  /** values already checked against the schema */
  data: Record<string, unknown>;
}

/** Adds one record to a dataset, with its search text; answers its `_id`. */
export async function insertDatasetRecord(db: Database, record: NewDatasetRecord): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('dataset_records')
    .values({
      ds_id: record.dsId,
      user_id: record.userId,
      sender_id: record.senderId ?? '',
      record_status: record.status ?? 1,
      data: toJson(record.data),
      search_text: searchTextOf(record.data),
    })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return row._id;
}

/** Rows a multi-row insert carries: few enough for either database's limit on bound values. */
const INSERT_BATCH_SIZE = 500;

/** Adds many records (values already checked) with multi-row inserts; run it in a transaction to add all or none. */
/**
 * After a bulk import: PostgreSQL plans a table it has no statistics for as if it were small (it filtered a fresh
 * 100,000-record dataset through the (ds_id, _id) index instead of the trigram index: search p99 124 ms → 11–20 ms
 * once analysed), and autovacuum gets to it only later. The trigram indexes' pending lists are merged too, so
 * no query reads through what the import queued there (migration 0020). SQLite's FTS table needs nothing.
 */
export async function refreshRecordStatistics(db: Database, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select gin_clean_pending_list(oid) from pg_class
    where relkind = 'i' and relname in (${sql.join(TRIGRAM_INDEXES)})`.execute(db);
  await sql`analyze dataset_records`.execute(db);
}

export async function insertDatasetRecords(
  db: Database,
  owner: { dsId: number; userId: number },
  records: Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < records.length; start += INSERT_BATCH_SIZE) {
    const rows = records.slice(start, start + INSERT_BATCH_SIZE).map((data) => ({
      ds_id: owner.dsId,
      user_id: owner.userId,
      data: toJson(data),
      search_text: searchTextOf(data),
    }));
    await tablesOf(db).insertInto('dataset_records').values(rows).execute();
  }
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

/** The shortest keywords the trigram indexes can find (shorter ones scan the dataset's rows). */
const TRIGRAM_LENGTH = 3;

/**
 * Records whose search text contains the keywords (both lowercase, compared as written). SQLite answers from
 * its FTS5 trigram table (a quoted phrase matches as a substring), PostgreSQL from the pg_trgm index on LIKE
 * (migration 0013).
 */
function searchTextContains(dialect: DialectName, keywords: string): Expression<SqlBool> {
  const lowered = keywords.toLowerCase();
  if (dialect === 'sqlite' && [...lowered].length >= TRIGRAM_LENGTH) {
    const phrase = `"${lowered.replaceAll('"', '""')}"`;
    return sql<SqlBool>`_id in (select rowid from dataset_records_fts where dataset_records_fts match ${phrase})`;
  }
  const pattern = `%${lowered.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`search_text like ${pattern} escape '\\'`;
}

/**
 * One page of a dataset's records, oldest first; keywords match the maintained search text through its
 * trigram index. A page walks the `(ds_id, _id)` index, so it costs about the same at any dataset size.
 */
export async function listRecordsPage(
  db: Database,
  dialect: DialectName,
  dsId: number,
  { page, keywords, filters = [] }: { page: number; keywords: string; filters?: Expression<SqlBool>[] },
): Promise<{ rows: DatasetDataRow[]; total: number }> {
  let query = tablesOf(db).selectFrom('dataset_records').where('ds_id', '=', dsId);
  if (keywords !== '') query = query.where(searchTextContains(dialect, keywords));
  for (const filter of filters) query = query.where(filter);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(gridColumns)
    .orderBy('_id')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return { rows: rows.map(dataRowOf), total: Number(counted.count) };
}

/** A record of the owner's datasets (records carry their dataset owner's id): as the grid reads it, and its values. */
export async function findOwnRecord(
  db: Database,
  userId: number,
  recordId: number,
): Promise<{ row: DatasetDataRow; data: Record<string, unknown> } | undefined> {
  const row = await tablesOf(db)
    .selectFrom('dataset_records')
    .select(gridColumns)
    .where('_id', '=', recordId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { row: dataRowOf(row), data: fromJson<Record<string, unknown>>(row.data, {}) } : undefined;
}

/** Replaces a record's values (and status), refreshing its search text. */
export async function updateRecordData(
  db: Database,
  recordId: number,
  data: Record<string, unknown>,
  status?: number,
): Promise<void> {
  await tablesOf(db)
    .updateTable('dataset_records')
    .set({
      data: toJson(data),
      search_text: searchTextOf(data),
      ...(status !== undefined && { record_status: status }),
      updated_at: nowIso(),
    })
    .where('_id', '=', recordId)
    .execute();
}

/** Deletes the owner's records among `ids`; answers how many went. */
export async function deleteOwnRecords(db: Database, userId: number, ids: number[]): Promise<number> {
  const result = await tablesOf(db)
    .deleteFrom('dataset_records')
    .where('_id', 'in', ids)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every record's id, owner and values, for rewriting them all when a field is renamed, retyped or removed. */
export async function listRecordValues(
  db: Database,
  dsId: number,
): Promise<{ _id: number; user_id: number; data: Record<string, unknown> }[]> {
  const rows = await tablesOf(db)
    .selectFrom('dataset_records')
    .select(['_id', 'user_id', 'data'])
    .where('ds_id', '=', dsId)
    .orderBy('_id')
    .execute();
  return rows.map((row) => ({ ...row, data: fromJson<Record<string, unknown>>(row.data, {}) }));
}

/**
 * Replaces the values of many existing records of a dataset, refreshing their search text. One multi-row
 * `insert … on conflict (_id) do update` per batch (both databases' upsert) instead of one statement a record:
 * a rename over 100,000 records is a few hundred statements, not 100,000 round trips.
 */
export async function replaceRecordsData(
  db: Database,
  dsId: number,
  records: { _id: number; user_id: number; data: Record<string, unknown> }[],
): Promise<void> {
  const updatedAt = nowIso();
  for (let start = 0; start < records.length; start += INSERT_BATCH_SIZE) {
    const rows = records.slice(start, start + INSERT_BATCH_SIZE).map((record) => ({
      _id: record._id,
      ds_id: dsId,
      user_id: record.user_id,
      data: toJson(record.data),
      search_text: searchTextOf(record.data),
      updated_at: updatedAt,
    }));
    await tablesOf(db)
      .insertInto('dataset_records')
      .values(rows)
      .onConflict((conflict) =>
        conflict.column('_id').doUpdateSet((eb) => ({
          data: eb.ref('excluded.data'),
          search_text: eb.ref('excluded.search_text'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** A record a bot conversation wrote for a sender, with the name of its dataset. */
export interface SenderRecord {
  _id: number;
  datasetName: string;
  status: number;
  data: Record<string, unknown>;
}

/**
 * The records of the owner's datasets written for one sender (`__sender_id`, `platform:id`), newest first. Only
 * the owner's own datasets: user data is written nowhere else.
 */
export async function listSenderRecords(
  db: Database,
  { userId, senderId, limit }: { userId: number; senderId: string; limit: number },
): Promise<SenderRecord[]> {
  const rows = await tablesOf(db)
    .selectFrom('dataset_records')
    .innerJoin('datasets', 'datasets.ds_id', 'dataset_records.ds_id')
    .select([
      'dataset_records._id',
      'datasets.ds_name',
      'dataset_records.record_status',
      'dataset_records.data',
    ])
    .where('dataset_records.user_id', '=', userId)
    .where('datasets.user_id', '=', userId)
    .where('dataset_records.sender_id', '=', senderId)
    .orderBy('dataset_records._id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: row._id,
    datasetName: row.ds_name,
    status: row.record_status,
    data: fromJson<Record<string, unknown>>(row.data, {}),
  }));
}
