import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * `nlu_quality_reports`: the owner's latest quality report per language — the bot
 * cross-validated on its own examples by a background job after each training (modules/nlu/quality-jobs.ts).
 */
export const qualityReports: AppMigration = {
  name: '0038_quality_reports',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('nlu_quality_reports')
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      .addColumn('parser', 'varchar(20)', (c) => c.notNull())
      .addColumn('report', 'text', (c) => c.notNull())
      .addColumn('wanted_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addPrimaryKeyConstraint('nlu_quality_reports_pk', ['user_id', 'lang'])
      .execute();
  },
};
