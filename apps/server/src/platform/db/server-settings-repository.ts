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
