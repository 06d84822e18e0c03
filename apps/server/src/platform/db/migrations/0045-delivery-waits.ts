import type { AppMigration } from './column-types.ts';

/**
 * The backlog after an outage: whether a pending delivery waits out the platform's own retry_after
 * (`waits_retry_after` 1: kept to the second) or its own backoff (0: called forward as soon as a retry to the same
 * platform for the same owner gets through, instead of sleeping out up to 30 minutes of backoff).
 */
export const deliveryWaits: AppMigration = {
  name: '0045_delivery_waits',
  async up(db) {
    await db.schema
      .alterTable('deliveries')
      .addColumn('waits_retry_after', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
