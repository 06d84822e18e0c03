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

/** `negative_examples` (migration 0037): messages marked "not for this bot", by the service that answered them. */
export interface NegativeExamplesTable {
  id: Generated<number>;
  user_id: number;
  service_id: number;
  text: string;
  lang: string;
  created_at: CreatedAt;
}

export type ExampleTables = {
  command_examples: CommandExamplesTable;
  negative_examples: NegativeExamplesTable;
};
