import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Sign-in with Facebook (modules/passport/facebook-signin.ts):
 * - `social_identities`: the provider account (Facebook's app-scoped user id) each Hiwar account signs in with;
 * - `social_signins.subject`: that id, kept with a pending sign-in until the account is made;
 *   `social_signins.user_id`: set on a short-lived ticket that signs an existing account in;
 *   `social_signins.browser_hash`: the hash of a cookie of the browser the provider sent back, without which
 *   neither can be used (a link to it opened elsewhere is refused);
 * - `users.email_verified_at`: when the account's address was proven (its activation or change link, or Facebook
 *   for an account made through it) — only such an address lets a Facebook sign-in find an existing account.
 */
export const socialIdentities: AppMigration = {
  name: '0032_social_identities',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('social_identities')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('subject', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('social_identities_subject')
      .on('social_identities')
      .columns(['provider', 'subject'])
      .unique()
      .execute();
    await db.schema
      .createIndex('social_identities_user')
      .on('social_identities')
      .columns(['user_id', 'provider'])
      .unique()
      .execute();

    await db.schema
      .alterTable('social_signins')
      .addColumn('subject', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('social_signins')
      .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('social_signins')
      .addColumn('user_id', t.ref, (c) => c.references('users.user_id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('users').addColumn('email_verified_at', t.timestamp).execute();
  },
};
