import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * `server_settings`: values the server keeps about itself, beside the data — first of them the secret key's
 * check (a known text encrypted with the key), so a start with another key is refused instead of answering
 * 500s. `secret_resets`: the secrets an operator's HIWAR_RESET_SECRETS=1 cleared, per owner, until the owner
 * has seen the list (the console names them).
 */
export const secretKeyCheck: AppMigration = {
  name: '0030_secret_key_check',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('server_settings')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('secret_resets')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('reset_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema.createIndex('secret_resets_user').on('secret_resets').column('user_id').execute();
  },
};
