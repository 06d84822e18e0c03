import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

export const servicesAndCommands: AppMigration = {
  name: '0002_services_and_commands',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('services')
      .addColumn('service_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('service_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('service_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('service_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addUniqueConstraint('services_owner_name', ['user_id', 'service_name'])
      .execute();

    await db.schema
      .createTable('commands')
      .addColumn('command_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('command_service_id', t.ref, t.references('services.service_id'))
      .addColumn('command_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('command_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('command_lang', 'varchar(5)', (c) => c.notNull().defaultTo('ar'))
      .addColumn('command_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema.createIndex('commands_owner').on('commands').column('user_id').execute();
    await db.schema.createIndex('commands_service').on('commands').column('command_service_id').execute();
  },
};
