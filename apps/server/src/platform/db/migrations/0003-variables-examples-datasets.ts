import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/** Variables and examples of commands, and the datasets that datasetList and search_DS variables read. */
export const variablesExamplesDatasets: AppMigration = {
  name: '0003_variables_examples_datasets',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('datasets')
      .addColumn('ds_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('ds_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('ds_type', 'varchar(10)', (c) => c.notNull().defaultTo('dataset'))
      .addColumn('ds_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ds_schema', t.json, t.jsonDefault([]))
      .addColumn('ds_tax', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('ds_shipping', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema.createIndex('datasets_owner').on('datasets').column('user_id').execute();

    await db.schema
      .createTable('dataset_records')
      .addColumn('_id', t.id, t.primaryKey)
      .addColumn('ds_id', t.ref, t.references('datasets.ds_id'))
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('data', t.json, t.jsonDefault({}))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema.createIndex('dataset_records_dataset').on('dataset_records').column('ds_id').execute();

    await db.schema
      .createTable('command_vars')
      .addColumn('var_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('var_command_id', t.ref, t.references('commands.command_id'))
      .addColumn('var_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('var_type', 'varchar(20)', (c) => c.notNull().defaultTo('text'))
      .addColumn('var_type_ds_id', t.ref, (c) => c.references('datasets.ds_id').onDelete('set null'))
      .addColumn('var_type_ds_field_where', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .addColumn('var_type_ds_field_return', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .addColumn('var_prompt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('var_is_preference', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('var_is_preference_timeout', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('var_order', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('var_val_regex', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('var_val_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('entity_name', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .addColumn('var_val_stopwords', t.json, t.jsonDefault([]))
      .addColumn('var_val_list', t.json, t.jsonDefault([]))
      .addColumn('var_labels', t.json, t.jsonDefault([]))
      .addColumn('var_default_val_type', 'varchar(10)', (c) => c.notNull().defaultTo('txt'))
      .addColumn('var_default_val', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('var_default_val_preference_id', t.ref, (c) =>
        c.references('command_vars.var_id').onDelete('set null'),
      )
      .addColumn('var_cursor_var_id', t.ref, (c) => c.references('command_vars.var_id').onDelete('set null'))
      .addColumn('var_fallback_type', 'varchar(10)', (c) => c.notNull().defaultTo('text'))
      .addColumn('var_fallback_redirect_command_id', t.ref, (c) =>
        c.references('commands.command_id').onDelete('set null'),
      )
      .addColumn('var_fallback_msg', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('var_fallback_options', t.json, t.jsonDefault([]))
      .addColumn('var_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addUniqueConstraint('command_vars_command_name', ['var_command_id', 'var_name'])
      .execute();
    await db.schema.createIndex('command_vars_owner').on('command_vars').column('user_id').execute();

    await db.schema
      .createTable('command_examples')
      .addColumn('_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('example_command_id', t.ref, t.references('commands.command_id'))
      .addColumn('example_text', 'text', (c) => c.notNull())
      .addColumn('example_lang', 'varchar(5)', (c) => c.notNull().defaultTo('ar'))
      .addColumn('example_vars', t.json, t.jsonDefault([]))
      .addColumn('example_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('command_examples_command')
      .on('command_examples')
      .column('example_command_id')
      .execute();
  },
};
