import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../platform/db/database.ts';

/** A database for one test file: SQLite in the temp data dir, or a fresh PostgreSQL database dropped after. */
export interface TestDatabaseKind {
  label: 'sqlite' | 'postgres';
  create(dataDir: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
}

const sqlite: TestDatabaseKind = {
  label: 'sqlite',
  async create(dataDir) {
    return { target: { dialect: 'sqlite', file: `${dataDir}/hiwar.sqlite` }, drop: async () => {} };
  },
};

function postgres(adminUrl: string): TestDatabaseKind {
  return {
    label: 'postgres',
    async create() {
      const name = `hiwar_test_${randomBytes(6).toString('hex')}`;
      await runAdmin(adminUrl, `create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        target: { dialect: 'postgres', url: url.toString() },
        drop: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
      };
    },
  };
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. An unreachable PostgreSQL fails the suite
 * under CI=true and is skipped with a warning elsewhere.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!adminUrl) return [sqlite];
  try {
    await runAdmin(adminUrl, 'select 1');
  } catch (error) {
    const reason = `TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${(error as Error).message}`;
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`${reason} — running the SQLite suites only`);
    return [sqlite];
  }
  return [sqlite, postgres(adminUrl)];
}
