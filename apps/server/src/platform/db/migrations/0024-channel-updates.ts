import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Channels (apps/server/src/channels): the updates platforms deliver to the webhooks, stored before
 * they are acknowledged and processed in order per sender; the long button payloads a platform cannot carry
 * (Telegram's 64-byte callback_data) by short key; each channel's connection status per owner.
 */
export const channelUpdates: AppMigration = {
  name: '0024_channel_updates',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('channel_updates')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      // the platform's id of the update (Telegram update_id, Messenger mid, WhatsApp wamid): a redelivery is ignored
      .addColumn('external_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      // the update as the platform sent it
      .addColumn('payload', t.json, (c) => c.notNull())
      // pending → running → done | failed
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'varchar(100)')
      .addColumn('claimed_at', t.timestamp)
      .addColumn('turn_id', t.ref)
      // why the turn could not be answered, or why a reply could not be sent
      .addColumn('error', 'text')
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('settled_at', t.timestamp)
      .execute();
    await db.schema
      .createIndex('channel_updates_external')
      .on('channel_updates')
      .columns(['user_id', 'channel', 'external_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('channel_updates_due')
      .on('channel_updates')
      .columns(['status', 'id'])
      .execute();
    await db.schema
      .createIndex('channel_updates_sender')
      .on('channel_updates')
      .columns(['user_id', 'channel', 'sender_id', 'status', 'id'])
      .execute();

    await db.schema
      .createTable('channel_payloads')
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      // a short key (a hash of the payload) or a quick reply's label in one chat
      .addColumn('payload_key', 'varchar(190)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addPrimaryKeyConstraint('channel_payloads_pk', ['user_id', 'channel', 'payload_key'])
      .execute();

    await db.schema
      .createTable('channel_connections')
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      // active | inactive | pending | banned
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      // what the platform answered (a wrong token, an unreachable webhook), shown on the chatbot screen
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      // the platform's name for the bot (Telegram @username)
      .addColumn('account', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .addColumn('webhook_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addPrimaryKeyConstraint('channel_connections_pk', ['user_id', 'channel'])
      .execute();
  },
};
