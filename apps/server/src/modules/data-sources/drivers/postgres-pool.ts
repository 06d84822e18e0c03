import pg from 'pg';
import { CONNECT_TIMEOUT_MS, type OpenPool, POOL_SIZE, QUERY_TIMEOUT_MS } from './owner-database.ts';
import { readPostgresRows } from './postgres-rows.ts';

/** PostgreSQL through pg, with the timeouts pg leaves unset by default (PLATFORM-NOTES "Owners' SQL"). */
export const openPostgresPool: OpenPool = async (target) => {
  const pool = new pg.Pool({
    host: target.address,
    port: target.port ?? 5432,
    user: target.username,
    password: target.password,
    database: target.dbname,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: QUERY_TIMEOUT_MS,
    max: POOL_SIZE,
    idleTimeoutMillis: 60_000,
  });
  // an idle connection the owner's server drops must not become an unhandled error in Hiwar's process
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    async listTables() {
      const { rows } = await pool.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
          ORDER BY table_schema = 'public' DESC, table_schema, table_name`,
      );
      return rows.map((row) => (row.schema === 'public' ? row.name : `${row.schema}.${row.name}`));
    },
    readRows: (query) => readPostgresRows(pool, query),
    close: () => pool.end(),
  };
};
