import type { Database } from '../../platform/db/database.ts';
import type { ChatbotTables } from '../chatbot/chatbot-tables.ts';
import type { DataSourceTables } from '../data-sources/data-source-tables.ts';

const withModuleTables = (db: Database) => db.withTables<ChatbotTables & DataSourceTables>();

/** Every row that may hold a secret sealed with the server's key, with the columns that hold them. */
export async function rowsWithSecrets(db: Database) {
  const [users, chatbots, dataSources] = await Promise.all([
    db.selectFrom('users').select(['user_id', 'mail_server_cred', 'customer_support']).execute(),
    withModuleTables(db)
      .selectFrom('chatbots')
      .select(['chatbot_id', 'user_id', 'apps', 'messenger_settings', 'identity_secret'])
      .execute(),
    withModuleTables(db)
      .selectFrom('data_sources')
      .select(['data_source_id', 'user_id', 'password'])
      .execute(),
  ]);
  return { users, chatbots, dataSources };
}

export async function updateUserSecrets(
  db: Database,
  userId: number,
  values: { mail_server_cred?: string; customer_support?: string },
): Promise<void> {
  await db.updateTable('users').set(values).where('user_id', '=', userId).execute();
}

export async function updateChatbotSecrets(
  db: Database,
  chatbotId: number,
  values: { apps?: string; messenger_settings?: string; identity_secret?: string },
): Promise<void> {
  await withModuleTables(db)
    .updateTable('chatbots')
    .set(values)
    .where('chatbot_id', '=', chatbotId)
    .execute();
}

export async function clearDataSourcePassword(db: Database, dataSourceId: number): Promise<void> {
  await withModuleTables(db)
    .updateTable('data_sources')
    .set({ password: '' })
    .where('data_source_id', '=', dataSourceId)
    .execute();
}

export async function recordResets(
  db: Database,
  resets: { user_id: number; place: string }[],
): Promise<void> {
  if (resets.length > 0) await db.insertInto('secret_resets').values(resets).execute();
}

export async function resetsOf(db: Database, userId: number): Promise<{ place: string; reset_at: string }[]> {
  return db
    .selectFrom('secret_resets')
    .select(['place', 'reset_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function forgetResets(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('secret_resets').where('user_id', '=', userId).execute();
}
