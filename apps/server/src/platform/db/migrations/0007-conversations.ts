import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/** The conversation runtime: every turn, the sender bank (per-sender state) and remembered preferences. */
export const conversations: AppMigration = {
  name: '0007_conversations',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('conversation_turns')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      // no foreign key: a turn outlives the command it matched
      .addColumn('command_id', t.ref)
      .addColumn('score', 'double precision')
      .addColumn('replies', 'text', (c) => c.notNull())
      .addColumn('trace', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('conversation_turns_sender')
      .on('conversation_turns')
      .columns(['user_id', 'platform', 'sender_id', 'id'])
      .execute();

    await db.schema
      .createTable('sender_banks')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('bank', 'text', (c) => c.notNull())
      // +1 on every write: a writer that read an older version retries instead of overwriting
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addUniqueConstraint('sender_banks_owner_platform_sender', ['user_id', 'platform', 'sender_id'])
      .execute();

    await db.schema
      .createTable('sender_preferences')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('var_id', t.ref, t.references('command_vars.var_id'))
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addUniqueConstraint('sender_preferences_owner_sender_var', [
        'user_id',
        'platform',
        'sender_id',
        'var_id',
      ])
      .execute();
  },
};
