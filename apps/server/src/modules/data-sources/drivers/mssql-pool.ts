import mssql from 'mssql';
import { readMssqlRows } from './mssql-rows.ts';
import { CONNECT_TIMEOUT_MS, type OpenPool, POOL_SIZE, QUERY_TIMEOUT_MS } from './owner-database.ts';

/** Microsoft SQL Server through mssql (tedious), options as an object (PLATFORM-NOTES "Owners' SQL"). */
export const openMssqlPool: OpenPool = async (target) => {
  const pool = new mssql.ConnectionPool({
    server: target.address,
    port: target.port ?? 1433,
    user: target.username,
    password: target.password,
    database: target.dbname,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    requestTimeout: QUERY_TIMEOUT_MS,
    pool: { max: POOL_SIZE, min: 0, idleTimeoutMillis: 60_000 },
    // the certificate is checked against the name the owner typed, while the socket goes to the vetted address
    options: { encrypt: true, trustServerCertificate: false, serverName: target.host },
  });
  pool.on('error', () => undefined);
  try {
    await pool.connect();
  } catch (error) {
    await pool.close().catch(() => undefined);
    throw error;
  }
  return {
    async listTables() {
      const result = await pool
        .request()
        .query<{ schema: string; name: string }>(
          'SELECT TABLE_SCHEMA AS [schema], TABLE_NAME AS name FROM INFORMATION_SCHEMA.TABLES ' +
            "ORDER BY CASE WHEN TABLE_SCHEMA = 'dbo' THEN 0 ELSE 1 END, TABLE_SCHEMA, TABLE_NAME",
        );
      return result.recordset.map((row) => (row.schema === 'dbo' ? row.name : `${row.schema}.${row.name}`));
    },
    readRows: (query) => readMssqlRows(pool, query),
    close: () => pool.close(),
  };
};
