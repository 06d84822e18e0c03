import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `command_vars` (migration 0003): the variables (slots) of a command. JSON columns hold lists. */
export interface CommandVarsTable {
  var_id: Generated<number>;
  user_id: number;
  var_command_id: number;
  var_name: string;
  var_type: WithDefault<string>;
  var_type_ds_id: number | null;
  var_type_ds_field_where: WithDefault<string>;
  var_type_ds_field_return: WithDefault<string>;
  var_prompt: WithDefault<string>;
  var_is_preference: WithDefault<number>;
  var_is_preference_timeout: WithDefault<number>;
  var_order: WithDefault<number>;
  var_max_tries: WithDefault<number>;
  var_val_regex: WithDefault<string>;
  var_val_text: WithDefault<string>;
  entity_name: WithDefault<string>;
  var_val_stopwords: WithDefault<JsonText>;
  var_val_list: WithDefault<JsonText>;
  var_labels: WithDefault<JsonText>;
  var_default_val_type: WithDefault<string>;
  var_default_val: WithDefault<string>;
  var_default_val_preference_id: number | null;
  var_cursor_var_id: number | null;
  var_fallback_type: WithDefault<string>;
  var_fallback_redirect_command_id: number | null;
  var_fallback_msg: WithDefault<string>;
  var_fallback_options: WithDefault<JsonText>;
  var_status: WithDefault<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type VariableTables = {
  command_vars: CommandVarsTable;
};
