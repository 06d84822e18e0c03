import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

export const accounts: AppMigration = {
  name: '0001_accounts',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('users')
      .addColumn('user_id', t.id, t.primaryKey)
      .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('user_email', 'varchar(190)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('user_fullname', 'varchar(120)', (c) => c.notNull())
      .addColumn('user_reg_driver', 'varchar(20)', (c) => c.notNull().defaultTo('web'))
      .addColumn('avatar', 'text')
      .addColumn('user_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('activation_code', 'text')
      .addColumn('engine_type', 'varchar(20)', (c) => c.notNull().defaultTo('bert'))
      .addColumn('mail_server_cred', t.json, t.jsonDefault({}))
      .addColumn('customer_support', t.json, t.jsonDefault({}))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();

    await db.schema
      .createTable('access_tokens')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('revoked_at', t.timestamp)
      .execute();
    await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();

    await db.schema
      .createTable('login_failures')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('email', 'varchar(190)', (c) => c.notNull())
      .addColumn('address', 'varchar(64)', (c) => c.notNull())
      .addColumn('failed_at', t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_failures_email')
      .on('login_failures')
      .columns(['email', 'failed_at'])
      .execute();
    await db.schema
      .createIndex('login_failures_address')
      .on('login_failures')
      .columns(['address', 'failed_at'])
      .execute();

    await db.schema
      .createTable('social_signins')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .execute();

    await db.schema
      .createTable('senders')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('name', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .addColumn('username', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addUniqueConstraint('senders_owner_platform_sender', ['user_id', 'platform', 'sender_id'])
      .execute();
  },
};
