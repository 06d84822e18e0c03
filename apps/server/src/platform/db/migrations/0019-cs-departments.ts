import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * An owner's customer-support departments (spec part 2 §6, §7: GET /user/get_cs_departments), where a
 * response's cs_connect action hands the sender over. `name_key` is the name trimmed and lowercased, so one
 * owner cannot name two departments "Sales" and " sales ".
 */
export const csDepartments: AppMigration = {
  name: '0019_cs_departments',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('cs_departments')
      .addColumn('department_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_key', 'varchar(190)', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('cs_departments_owner_name')
      .on('cs_departments')
      .columns(['user_id', 'name_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('cs_departments_owner')
      .on('cs_departments')
      .columns(['user_id', 'department_id'])
      .execute();
  },
};
