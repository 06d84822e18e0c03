import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `command_examples` (migration 0003): training phrases; example_vars is a JSON list of {tag, type: var_id}. */
export interface CommandExamplesTable {
  _id: Generated<number>;
  user_id: number;
  example_command_id: number;
  example_text: string;
  example_lang: WithDefault<string>;
  example_vars: WithDefault<JsonText>;
  example_status: WithDefault<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ExampleTables = {
  command_examples: CommandExamplesTable;
};
