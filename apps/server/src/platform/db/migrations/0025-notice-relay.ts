import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * A notice for a sender on a messaging channel (an order confirmed for a Telegram customer) is relayed through
 * the channel once (apps/server/src/channels/notice-relay.ts): when, or why not.
 */
export const noticeRelay: AppMigration = {
  name: '0025_notice_relay',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('sender_notices').addColumn('relayed_at', t.timestamp).execute();
    await db.schema.alterTable('sender_notices').addColumn('relay_error', 'text').execute();
    await db.schema
      .createIndex('sender_notices_relay')
      .on('sender_notices')
      .columns(['relayed_at', 'platform', 'id'])
      .execute();
  },
};
