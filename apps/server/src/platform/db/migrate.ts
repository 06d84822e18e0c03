import { type Kysely, type Migration, Migrator } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import type { AppMigration } from './migrations/column-types.ts';
import { migrations as allMigrations } from './migrations/index.ts';

/** Applies pending migrations (under Kysely's lock, so concurrent starts are safe). Throws on failure. */
export async function migrateToLatest(
  handle: DatabaseHandle,
  migrations: AppMigration[] = allMigrations,
): Promise<string[]> {
  const provider = {
    async getMigrations() {
      const byName: Record<string, Migration> = {};
      for (const migration of migrations) {
        byName[migration.name] = { up: (db: Kysely<unknown>) => migration.up(db, handle.dialect) };
      }
      return byName;
    },
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => result.migrationName);
}
