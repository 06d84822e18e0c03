import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/** The owners' connections to their own databases; `password` is encrypted (platform/crypto/secret-box.ts). */
export const dataSources: AppMigration = {
  name: '0012_data_sources',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('data_sources')
      .addColumn('data_source_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('name', 'varchar(190)', (c) => c.notNull())
      .addColumn('driver', 'varchar(20)', (c) => c.notNull())
      .addColumn('host', 'varchar(253)', (c) => c.notNull())
      .addColumn('port', 'integer')
      .addColumn('dbname', 'varchar(128)', (c) => c.notNull())
      .addColumn('username', 'varchar(128)', (c) => c.notNull())
      .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      // null: active; set: switched off (spec part 2 §3 "deleted_at (null means active)")
      .addColumn('deleted_at', t.timestamp)
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('data_sources_user_id_index')
      .on('data_sources')
      .columns(['user_id', 'data_source_id'])
      .execute();
  },
};
