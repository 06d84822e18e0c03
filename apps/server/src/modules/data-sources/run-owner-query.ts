import type { Database } from '../../platform/db/database.ts';
import { findOwnDataSource } from './data-source-repository.ts';
import { type DataSourceContext, poolOf } from './data-source-service.ts';
import { type OwnerRow, QUERY_TIMEOUT_MS } from './drivers/owner-database.ts';

/** A data_source response's query (README "Rows for a response"). */
export interface OwnerQuery {
  /** the owner's SQL; each `{{name}}` is sent as a bound parameter with `values[name]` (null when unknown) */
  sql: string;
  values: Readonly<Record<string, string>>;
  /** at most this many rows are fetched */
  limit: number;
  /** the statement's time limit: QUERY_TIMEOUT_MS unless given, never more */
  timeoutMs?: number;
}

const contexts = new WeakMap<Database, Pick<DataSourceContext, 'secrets' | 'pools'>>();

/** The data-sources module's pools and secrets for a database's owners (set when the server starts). */
export function setDataSourceContext(db: Database, context: DataSourceContext | null): void {
  if (context) contexts.set(db, context);
  else contexts.delete(db);
}

/**
 * The rows of an owner's SQL on their own active data source, through this process's pool: bound parameters,
 * a read-only transaction, a statement timeout and a row limit. Throws when the data source is another owner's,
 * missing or switched off, when the server is not running the data-sources module, and when the statement
 * fails — the message says which, for the turn's trace.
 */
export async function runOwnerQuery(
  db: Database,
  ownerId: number,
  dataSourceId: number,
  query: OwnerQuery,
): Promise<OwnerRow[]> {
  const context = contexts.get(db);
  if (!context) throw new Error('data sources are not available in this process');
  const row = await findOwnDataSource(db, ownerId, dataSourceId);
  if (!row) throw new Error(`data source ${dataSourceId} is not the owner's`);
  if (row.deleted_at !== null) throw new Error(`data source ${dataSourceId} is switched off`);
  if (query.sql.trim() === '') throw new Error('the query is empty');
  const pool = await poolOf(context, row);
  const timeoutMs = Math.min(query.timeoutMs ?? QUERY_TIMEOUT_MS, QUERY_TIMEOUT_MS);
  return pool.readRows({ sql: query.sql, values: query.values, limit: query.limit, timeoutMs });
}
