import { randomUUID } from 'node:crypto';
import type { Database } from './database.ts';

/** A value the server keeps about itself (server_settings), or null. */
export async function readServerSetting(db: Database, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeServerSetting(db: Database, name: string, value: string): Promise<void> {
  await db
    .insertInto('server_settings')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}

/** Writes the value unless the setting exists (another server's first start won); answers the stored value. */
export async function writeServerSettingOnce(db: Database, name: string, value: string): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return (await readServerSetting(db, name)) ?? value;
}

/**
 * Proves the database can take a write that needs new pages: a setting of 8 KB written and removed in one
 * transaction (a row that fits in a page already there would pass on a full disk).
 */
export async function probeWrite(db: Database): Promise<void> {
  // its own name: probes at once do not meet
  const probe = `ready_probe:${randomUUID()}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('server_settings')
      .values({ name: probe, value: 'x'.repeat(8192) })
      .execute();
    await trx.deleteFrom('server_settings').where('name', '=', probe).execute();
  });
}
