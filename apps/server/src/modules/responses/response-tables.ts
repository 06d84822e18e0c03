import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `command_responses` (migration 0004): one per command; resp_record is the JSON body of spec part 2 §3. */
export interface CommandResponsesTable {
  resp_id: Generated<number>;
  user_id: number;
  resp_command_id: number;
  resp_type: WithDefault<string>;
  resp_record: WithDefault<JsonText>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ResponseTables = {
  command_responses: CommandResponsesTable;
};
