import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * The mail and api actions of responses (runtime/actions): written in the transaction that stores their turn,
 * sent afterwards, so an acknowledged turn's actions survive a killed process.
 */
export const turnActions: AppMigration = {
  name: '0015_turn_actions',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('turn_actions')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      // the turn that asked for it (no foreign key, as a turn's command_id)
      .addColumn('turn_id', t.ref)
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      // pending → running → done | failed (running again after a crash, pending again for a retry)
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', t.timestamp, t.defaultNow)
      .addColumn('claimed_at', t.timestamp)
      .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('turn_actions_due')
      .on('turn_actions')
      .columns(['status', 'next_at', 'id'])
      .execute();
    await db.schema.createIndex('turn_actions_turn').on('turn_actions').columns(['turn_id']).execute();
  },
};
