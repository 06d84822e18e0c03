import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The bench's own connection to the server's database (SQLite DATA_DIR/hiwar.sqlite, or the PostgreSQL
 * database): it fills the channel and reads progress and the checks without going through the server, so the
 * measurement is not slowed by the bench's polling. Statements are written with `?` placeholders.
 */
export interface BenchDatabase {
  dialect: 'sqlite' | 'postgres';
  // biome-ignore lint/suspicious/noExplicitAny: rows of the bench's own queries
  query(text: string, params?: unknown[]): Promise<any[]>;
  run(text: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

function openSqliteFile(dataDir: string): BenchDatabase {
  const database = new SQLite(join(dataDir, 'hiwar.sqlite'));
  database.pragma('busy_timeout = 10000');
  return {
    dialect: 'sqlite',
    query: async (text, params = []) => database.prepare(text).all(...params),
    run: async (text, params = []) => {
      database.prepare(text).run(...params);
    },
    close: async () => {
      database.close();
    },
  };
}

function numbered(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => {
    index += 1;
    return `$${index}`;
  });
}

/** One connection (not a pool): `begin` … `commit` sent one after the other are one transaction. */
async function openPostgres(url: string): Promise<BenchDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    query: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    run: async (text, params = []) => {
      await client.query(numbered(text), params);
    },
    close: () => client.end(),
  };
}

/** Opens the database a server process runs on (after it migrated it). */
export async function openBenchDatabase(databaseUrl: string | null, dataDir: string): Promise<BenchDatabase> {
  return databaseUrl ? openPostgres(databaseUrl) : openSqliteFile(dataDir);
}
