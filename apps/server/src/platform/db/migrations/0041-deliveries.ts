import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * A reply survives an outage: every message the bot sends to a messaging channel (a turn's
 * replies, a notice) waits in `deliveries` until the platform took it or definitely refused it — retried with
 * growing backoff for up to DELIVERY_RETRY_HOURS, the platform's retry_after honoured, in order per chat.
 */
export const deliveries: AppMigration = {
  name: '0041_deliveries',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('deliveries')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      // reply: a turn's replies, sent as the turn answered; notice: one message left outside a turn
      .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
      .addColumn('turn_id', t.ref)
      .addColumn('notice_id', t.ref)
      .addColumn('messages', t.json, (c) => c.notNull())
      // pending → sending → delivered | refused | expired
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      // the platform calls already accepted: a retry goes on from the next one
      .addColumn('parts_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('claimed_by', 'varchar(100)')
      .addColumn('claimed_at', t.timestamp)
      .addColumn('last_error', 'text')
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('settled_at', t.timestamp)
      .execute();
    await db.schema
      .createIndex('deliveries_due')
      .on('deliveries')
      .columns(['status', 'next_at', 'id'])
      .execute();
    await db.schema
      .createIndex('deliveries_chat')
      .on('deliveries')
      .columns(['user_id', 'platform', 'sender_id', 'status', 'id'])
      .execute();
    // a turn's replies and a notice are queued once, however often the enqueue runs again after a crash
    await db.schema.createIndex('deliveries_turn').on('deliveries').column('turn_id').unique().execute();
    await db.schema.createIndex('deliveries_notice').on('deliveries').column('notice_id').unique().execute();
  },
};
