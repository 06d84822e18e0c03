import { createPool } from 'mysql2/promise';
import { readMysqlRows } from './mysql-rows.ts';
import { CONNECT_TIMEOUT_MS, type OpenPool, POOL_SIZE, QUERY_TIMEOUT_MS } from './owner-database.ts';

/** MySQL and MariaDB through mysql2; a port left out is MySQL's 3306. */
export const openMysqlPool: OpenPool = async (target) => {
  const pool = createPool({
    host: target.address,
    port: target.port ?? 3306,
    user: target.username,
    password: target.password,
    database: target.dbname,
    connectTimeout: CONNECT_TIMEOUT_MS,
    connectionLimit: POOL_SIZE,
    maxIdle: 1,
    idleTimeout: 60_000,
  });
  try {
    await pool.query({ sql: 'SELECT 1', timeout: QUERY_TIMEOUT_MS });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    async listTables() {
      const [rows] = await pool.query({
        sql:
          'SELECT table_name AS name FROM information_schema.tables ' +
          'WHERE table_schema = DATABASE() ORDER BY table_name',
        timeout: QUERY_TIMEOUT_MS,
      });
      return (rows as { name: string }[]).map((row) => row.name);
    },
    readRows: (query) => readMysqlRows(pool, query),
    close: () => pool.end(),
  };
};
