import type { AppMigration } from './column-types.ts';

/**
 * Rate-limit counters every server process shares (platform/rate-limit): hits per key in a fixed window, the
 * window named by its start in epoch milliseconds. A restart or a second server on the same database sees the
 * same counts. Finished windows are deleted as the limiters go.
 */
export const rateLimits: AppMigration = {
  name: '0029_rate_limits',
  async up(db) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('limit_key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limits_pk', ['limit_key', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();
  },
};
