import {
  type DataSourceDriverName,
  type DataSourceRecord,
  type DataSourceTablesAnswer,
  dataSourceMessages,
  type SaveDataSourceRequest,
} from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { connectionFailureOf } from './connection-failure.ts';
import type { DataSourcePools } from './data-source-pools.ts';
import {
  type DataSourceRow,
  findOwnDataSource,
  insertDataSource,
  updateDataSource,
} from './data-source-repository.ts';
import type { OwnerDatabasePool } from './drivers/owner-database.ts';
import { poolOpeners } from './drivers/pool-openers.ts';

export interface DataSourceContext {
  db: Database;
  secrets: SecretBox;
  pools: DataSourcePools;
}

/** The record as the console sees it: never the password, only whether one is stored. */
export function recordOf(row: DataSourceRow): DataSourceRecord {
  return {
    data_source_id: row.data_source_id,
    deleted_at: row.deleted_at,
    entity: {
      name: row.name,
      driver: row.driver,
      dbname: row.dbname,
      host: row.host,
      username: row.username,
      port: row.port,
      sid: row.sid,
      has_password: row.password !== '',
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function findOwnOrThrow(db: Database, userId: number, id: number): Promise<DataSourceRow> {
  const row = await findOwnDataSource(db, userId, id);
  if (!row) throw new AppError('not_found');
  return row;
}

function openerOf(driver: string) {
  const open = poolOpeners[driver as DataSourceDriverName];
  if (!open) throw AppError.invalidField('driver', dataSourceMessages.driverUnavailable);
  return open;
}

const CONNECTION_COLUMNS = ['driver', 'host', 'port', 'dbname', 'username', 'sid'] as const;

/**
 * Creates (id 0) or edits a data source. A new connection, or one whose driver, address, database or
 * credentials changed, is tried first: if it fails nothing is stored and the answer says why. A rename keeps
 * the connection (and its open pool) as it is.
 */
export async function saveDataSource(
  { db, secrets, pools }: DataSourceContext,
  userId: number,
  id: number,
  request: SaveDataSourceRequest,
): Promise<{ data_source_id: number; entity: { name: string } }> {
  const existing = id === 0 ? undefined : await findOwnOrThrow(db, userId, id);
  const password = request.password ?? (existing ? secrets.decrypt(existing.password) : '');
  const isConnectionChanged =
    !existing ||
    request.password !== undefined ||
    CONNECTION_COLUMNS.some((column) => existing[column] !== request[column]);

  if (isConnectionChanged) {
    const open = openerOf(request.driver);
    try {
      const { host, ...rest } = request;
      const pool = await pools.open(open, host, { ...rest, password });
      await pool.close();
    } catch (error) {
      const failure = connectionFailureOf(error);
      throw new AppError('validation', failure.message, { [failure.field]: [failure.message] });
    }
  }

  const columns = {
    name: request.name,
    driver: request.driver,
    host: request.host,
    port: request.port,
    dbname: request.dbname,
    username: request.username,
    sid: request.sid,
    ...(request.password !== undefined || !existing ? { password: secrets.encrypt(password) } : {}),
  };
  if (!existing) {
    const dataSourceId = await insertDataSource(db, userId, columns);
    return { data_source_id: dataSourceId, entity: { name: request.name } };
  }
  await updateDataSource(db, userId, existing.data_source_id, columns);
  if (isConnectionChanged) await pools.close(existing.data_source_id);
  return { data_source_id: existing.data_source_id, entity: { name: request.name } };
}

/** Switches a data source off (its pool closes) or back on. */
export async function toggleDataSourceStatus(
  { db, pools }: DataSourceContext,
  userId: number,
  id: number,
): Promise<{ data_source_id: number; deleted_at: string | null }> {
  const row = await findOwnOrThrow(db, userId, id);
  const deletedAt = row.deleted_at === null ? nowIso() : null;
  await updateDataSource(db, userId, id, { deleted_at: deletedAt });
  if (deletedAt !== null) await pools.close(id);
  return { data_source_id: id, deleted_at: deletedAt };
}

function fingerprintOf(row: DataSourceRow): string {
  return JSON.stringify([row.driver, row.host, row.port, row.dbname, row.username, row.password, row.sid]);
}

/** This process's pool to the data source's database (opened on first use, through the guard). */
export function poolOf(
  { secrets, pools }: Pick<DataSourceContext, 'secrets' | 'pools'>,
  row: DataSourceRow,
): Promise<OwnerDatabasePool> {
  return pools.poolFor({
    dataSourceId: row.data_source_id,
    fingerprint: fingerprintOf(row),
    open: openerOf(row.driver),
    host: row.host,
    target: {
      port: row.port,
      dbname: row.dbname,
      username: row.username,
      password: secrets.decrypt(row.password),
      sid: row.sid,
    },
  });
}

/** The tables of the owner's database, through the data source's pool; a failure answers why, not an error. */
export async function listDataSourceTables(
  { db, secrets, pools }: DataSourceContext,
  userId: number,
  id: number,
): Promise<DataSourceTablesAnswer> {
  const row = await findOwnOrThrow(db, userId, id);
  if (row.deleted_at !== null) return { status: 0, data: [], msg: dataSourceMessages.switchedOff };
  try {
    const pool = await poolOf({ secrets, pools }, row);
    return { status: 1, data: await pool.listTables() };
  } catch (error) {
    await pools.close(row.data_source_id);
    return { status: 0, data: [], msg: connectionFailureOf(error).message };
  }
}
