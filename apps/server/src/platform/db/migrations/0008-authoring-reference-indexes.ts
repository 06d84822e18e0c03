import type { AppMigration } from './column-types.ts';

/**
 * Indexes on the variable columns that point at other rows: deleting a command, variable or dataset makes the
 * database clear these references (ON DELETE SET NULL), which without an index scans every owner's variables.
 */
export const authoringReferenceIndexes: AppMigration = {
  name: '0008_authoring_reference_indexes',
  async up(db) {
    for (const column of [
      'var_fallback_redirect_command_id',
      'var_cursor_var_id',
      'var_default_val_preference_id',
      'var_type_ds_id',
    ]) {
      await db.schema.createIndex(`command_vars_${column}`).on('command_vars').column(column).execute();
    }
  },
};
