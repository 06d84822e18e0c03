import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Which owner a platform account belongs to (a Facebook page): a platform app with one webhook for every owner
 * (Meta's) names the page, not the chatbot, so the webhook finds the owner here (apps/server/src/channels).
 */
export const channelRoutes: AppMigration = {
  name: '0026_channel_routes',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('channel_routes')
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      .addColumn('account_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addPrimaryKeyConstraint('channel_routes_pk', ['channel', 'account_id'])
      .execute();
    await db.schema
      .createIndex('channel_routes_owner')
      .on('channel_routes')
      .columns(['user_id', 'channel'])
      .execute();
  },
};
