import { sql } from 'kysely';
import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Subscriptions and broadcasts (modules/subscriptions): channels, their subscribers (once per
 * channel) with the variable values they subscribed with, the notifications sent to them and the outbox that
 * makes a send durable — one row per (notification, recipient), so a resumed send never repeats one.
 */
export const subscriptions: AppMigration = {
  name: '0023_subscriptions',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('subscription_channels')
      .addColumn('sc_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('sc_title', 'varchar(190)', (c) => c.notNull())
      .addColumn('sc_desc', 'text', (c) => c.notNull().defaultTo(''))
      // the related command: its subscribe action fills the channel; forgotten when the command is deleted
      .addColumn('sc_command_id', t.ref, (c) => c.references('commands.command_id').onDelete('set null'))
      .addColumn('white_domains', t.json, t.jsonDefault([]))
      .addColumn('api_key', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('subscription_channels_owner')
      .on('subscription_channels')
      .columns(['user_id', 'sc_id'])
      .execute();
    await db.schema
      .createIndex('subscription_channels_command')
      .on('subscription_channels')
      .columns(['sc_command_id'])
      .execute();

    await db.schema
      .createTable('subscribers')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('channel_id', t.ref, t.references('subscription_channels.sc_id'))
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      // {variable name: value as text}: what the sender had said when subscribing
      .addColumn('vars', t.json, t.jsonDefault({}))
      // active | unsubscribed
      .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('active'))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('subscribers_channel_sender')
      .on('subscribers')
      .columns(['channel_id', 'platform', 'sender_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('subscribers_channel_status')
      .on('subscribers')
      .columns(['channel_id', 'status', 'platform', 'id'])
      .execute();
    await db.schema
      .createIndex('subscribers_sender')
      .on('subscribers')
      .columns(['user_id', 'platform', 'sender_id'])
      .execute();

    // one row per subscriber and variable: the audience filter of a send is an indexed lookup
    await db.schema
      .createTable('subscriber_values')
      .addColumn('subscriber_id', t.ref, t.references('subscribers.id'))
      .addColumn('channel_id', t.ref, (c) => c.notNull())
      .addColumn('name', 'varchar(190)', (c) => c.notNull())
      .addColumn('value', 'varchar(500)', (c) => c.notNull())
      .addPrimaryKeyConstraint('subscriber_values_pk', ['subscriber_id', 'name'])
      .execute();
    await db.schema
      .createIndex('subscriber_values_lookup')
      .on('subscriber_values')
      .columns(['channel_id', 'name', 'value', 'subscriber_id'])
      .execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('channel_id', t.ref, t.references('subscription_channels.sc_id'))
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      // the notification data (contracts NotificationData) and the audience it was sent to
      .addColumn('data', t.json, (c) => c.notNull())
      .addColumn('audience', t.json, t.jsonDefault({}))
      // console | api
      .addColumn('source', 'varchar(10)', (c) => c.notNull())
      // sending | done
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('sending'))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      // counters kept in the transaction that settles the outbox rows they count
      .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('finished_at', t.timestamp)
      .execute();
    await db.schema
      .createIndex('notifications_channel')
      .on('notifications')
      .columns(['channel_id', 'id'])
      .execute();
    await db.schema
      .createIndex('notifications_status')
      .on('notifications')
      .columns(['status', 'id'])
      .execute();

    await db.schema
      .createTable('notification_outbox')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('notification_id', t.ref, t.references('notifications.id'))
      .addColumn('subscriber_id', t.ref, (c) => c.notNull())
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      // pending → sent | failed | skipped; a throttled platform's row is claimed, then sending, first
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('claimed_by', 'varchar(100)')
      .addColumn('claimed_at', t.timestamp)
      // a platform's 429 `retry_after`: not tried again before this
      .addColumn('not_before', t.timestamp)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('settled_at', t.timestamp)
      // the worker that settled it: which process delivered what (several share a send on PostgreSQL)
      .addColumn('settled_by', 'varchar(100)')
      .execute();
    await db.schema
      .createIndex('notification_outbox_recipient')
      .on('notification_outbox')
      .columns(['notification_id', 'subscriber_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('notification_outbox_due')
      .on('notification_outbox')
      .columns(['notification_id', 'status', 'id'])
      .execute();
    if (dialect === 'postgres') {
      // the outbox is written in bursts of 100,000 rows: analyse it as it grows
      await sql`alter table notification_outbox set (autovacuum_analyze_scale_factor = 0.02)`.execute(db);
    }
  },
};
