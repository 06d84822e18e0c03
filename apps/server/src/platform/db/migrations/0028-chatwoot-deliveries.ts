import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * The Chatwoot agent replies a hand-over has passed on to its sender, by Chatwoot's message id: a webhook may be
 * posted again after a slow or failed delivery, and the sender reads the reply once.
 */
export const chatwootDeliveries: AppMigration = {
  name: '0028_chatwoot_deliveries',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('chatwoot_deliveries')
      .addColumn('handoff_id', t.ref, t.references('handoffs.id'))
      .addColumn('message_id', t.ref, (c) => c.notNull())
      .addColumn('delivered_at', t.timestamp, t.defaultNow)
      .addPrimaryKeyConstraint('chatwoot_deliveries_pk', ['handoff_id', 'message_id'])
      .execute();
  },
};
