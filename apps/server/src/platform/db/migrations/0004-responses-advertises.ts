import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * A command's response (one per command; the record of spec part 2 §3 as JSON, its type as a column) and its
 * advertises. Both disappear with their command through ON DELETE CASCADE.
 */
export const responsesAdvertises: AppMigration = {
  name: '0004_responses_advertises',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('command_responses')
      .addColumn('resp_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('resp_command_id', t.ref, (c) =>
        c.notNull().unique().references('commands.command_id').onDelete('cascade'),
      )
      .addColumn('resp_type', 'varchar(20)', (c) => c.notNull().defaultTo('text'))
      .addColumn('resp_record', t.json, t.jsonDefault({}))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('command_responses_owner')
      .on('command_responses')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('command_advertises')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('command_id', t.ref, t.references('commands.command_id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('random', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('random_ratio', 'varchar(3)', (c) => c.notNull().defaultTo('10'))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('command_advertises_command')
      .on('command_advertises')
      .column('command_id')
      .execute();
  },
};
