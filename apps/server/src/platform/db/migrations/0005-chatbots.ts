import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/** One chatbot settings record per owner; channel secrets inside `apps` and the voice credentials are encrypted. */
export const chatbots: AppMigration = {
  name: '0005_chatbots',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('chatbots')
      .addColumn('chatbot_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, (c) => t.references('users.user_id')(c).unique())
      .addColumn('user_token', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('chatbot_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('chatbot_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('chatbot_fallback_type', 'varchar(10)', (c) => c.notNull().defaultTo('text'))
      .addColumn('chatbot_fallback_msg', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('chatbot_fallback_options', t.json, t.jsonDefault([]))
      .addColumn('chatbot_fallback_command_id', t.ref, (c) =>
        c.references('commands.command_id').onDelete('set null'),
      )
      .addColumn('chatbot_start_button_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('chatbot_start_button_label', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('chatbot_start_button_postback', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('chatbot_parser', t.json, t.jsonDefault({}))
      .addColumn('chatbot_persistent_menus', t.json, t.jsonDefault([]))
      .addColumn('apps', t.json, t.jsonDefault({}))
      .addColumn('messenger_settings', t.json, t.jsonDefault({}))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
  },
};
