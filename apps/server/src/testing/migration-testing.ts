import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { migrations } from '../platform/db/migrations/index.ts';
import type { TestDatabaseKind } from './test-databases.ts';

/** A new database of `kind` with every migration before `name` applied, for a test of that migration. */
export async function databaseBefore(
  kind: TestDatabaseKind,
  name: string,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const created = await kind.create(mkdtempSync(join(tmpdir(), `hiwar-${name}-`)));
  const handle = openDatabase(created.target);
  const upTo = migrations.findIndex((migration) => migration.name === name);
  if (upTo < 0) throw new Error(`no migration ${name}`);
  await migrateToLatest(handle, migrations.slice(0, upTo));
  return { handle, drop: created.drop };
}
