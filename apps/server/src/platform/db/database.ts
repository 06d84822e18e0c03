import SQLite from 'better-sqlite3';
import { type Dialect, type Driver, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createPrivateFile, keepFilePrivate } from '../private-files.ts';
import { withPreparedStatements } from './pg-prepared-statements.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Tables } from './tables.ts';
import { attachWriteWatch, WriteWatch, watchedDialect } from './write-watch.ts';

export type Database = Kysely<Tables>;
export type DialectName = 'sqlite' | 'postgres';

/** Which database a handle talks to (a query whose SQL differs between the two asks). */
export function dialectOf(db: Database): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface DatabaseHandle {
  db: Database;
  dialect: DialectName;
  close(): Promise<void>;
}

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  const dialect = target.dialect === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url);
  const watch = new WriteWatch();
  const db = new Kysely<Tables>({ dialect: watchedDialect(dialect, watch) });
  attachWriteWatch(db, watch);
  let closed = false;
  return {
    db,
    dialect: target.dialect,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

function openSqlite(file: string): Dialect {
  createPrivateFile(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // new -wal/-shm files take the database file's mode; ones left by an earlier run are tightened here
  for (const companion of [`${file}-wal`, `${file}-shm`]) keepFilePrivate(companion);
  // FULL: a write answered with status 1 survives a power cut, not just a killed process
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteKeepingFirstError({ database: withStatementCache(database) }, database);
}

/**
 * SQLite rolls a transaction back by itself on some failures (SQLITE_FULL, SQLITE_IOERR…); Kysely's rollback
 * after it would then fail with "cannot rollback - no transaction is active" and hide the real cause. This
 * dialect rolls back only a transaction that is still open, so the first error is the one reported.
 */
class SqliteKeepingFirstError extends SqliteDialect {
  readonly #database: SQLite.Database;

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], database: SQLite.Database) {
    super(config);
    this.#database = database;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.#database.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

const PG_INT8 = 20;
const PG_JSON = 114;
const PG_JSONB = 3802;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/** Type parsers that give PostgreSQL rows the same shapes as SQLite rows (see tables.ts). */
function sameShapesAsSqlite(): pg.CustomTypesConfig {
  const defaultDate = pg.types.getTypeParser(PG_TIMESTAMPTZ);
  const overrides: Record<number, (value: string) => unknown> = {
    [PG_INT8]: (value) => Number(value),
    [PG_JSON]: (value) => value,
    [PG_JSONB]: (value) => value,
    [PG_TIMESTAMPTZ]: (value) => (defaultDate(value) as Date).toISOString(),
    [PG_TIMESTAMP]: (value) => new Date(`${value.replace(' ', 'T')}Z`).toISOString(),
  };
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      overrides[oid] ?? pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

function openPostgres(url: string): Dialect {
  const pool = new pg.Pool({ connectionString: url, types: sameShapesAsSqlite(), max: 10 });
  // The server may end an idle pooled connection (a restart, an administrator command); pg reports that on the
  // pool, and with no listener it would crash the process. The pool drops that client and opens a new one.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  return new PostgresDialect({ pool: withPreparedStatements(pool) });
}
