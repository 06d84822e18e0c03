import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * `nlu_model_state` (modules/nlu/model-updates.ts): per owner, how many example changes were saved
 * (`wanted_version`, +1 by every save) and up to which of them the live models reflect (`live_version`). The
 * owner's models are "updating" while live < wanted, in whichever process updates them; a change whose update
 * was lost with a process is found by that gap and made again.
 */
export const modelState: AppMigration = {
  name: '0034_model_state',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('nlu_model_state')
      .addColumn('user_id', t.ref, (c) => t.references('users.user_id')(c).primaryKey())
      .addColumn('wanted_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('live_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('changed_at', t.timestamp, t.defaultNow)
      .execute();
  },
};
