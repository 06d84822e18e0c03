import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';

/**
 * The owners' databases the data-source tests connect to: the local MariaDB (root, no password) and the local
 * PostgreSQL (postgres, trust authentication), each given a database or table of the test's own.
 */
export const MARIADB = { host: '127.0.0.1', port: 3306, username: 'root', password: '' };
export const POSTGRES = { host: '127.0.0.1', port: 5432, username: 'postgres', dbname: 'test' };

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

async function onMariaDb<T>(run: (sql: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const connection = await createConnection({
    host: MARIADB.host,
    port: MARIADB.port,
    user: MARIADB.username,
  });
  try {
    return await run(async (text) => (await connection.query(text))[0]);
  } finally {
    await connection.end();
  }
}

/** A MariaDB database of the test's own holding the named tables; drop it with `dropMariaDbDatabase`. */
export async function createMariaDbDatabase(dbname: string, tables: string[]): Promise<void> {
  await onMariaDb(async (sql) => {
    await sql(`CREATE DATABASE \`${dbname}\``);
    for (const table of tables) await sql(`CREATE TABLE \`${dbname}\`.\`${table}\` (id INT PRIMARY KEY)`);
  });
}

export async function dropMariaDbDatabase(dbname: string): Promise<void> {
  await onMariaDb((sql) => sql(`DROP DATABASE IF EXISTS \`${dbname}\``));
}

/** How many connections are open to a MariaDB database (a data source's pool shows here until it closes). */
export async function mariaDbConnectionsTo(dbname: string): Promise<number> {
  return onMariaDb(async (sql) => {
    const rows = (await sql(
      `SELECT COUNT(*) AS count FROM information_schema.processlist WHERE db = '${dbname}'`,
    )) as { count: number }[];
    return Number(rows[0]?.count ?? 0);
  });
}

export async function onPostgres(text: string): Promise<void> {
  const { host, port, username: user, dbname: database } = POSTGRES;
  const client = new pg.Client({ host, port, user, database });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A local port nothing listens on: one the system just handed out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
