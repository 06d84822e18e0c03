import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `command_advertises` (migration 0004): HTML snippets appended to a command's answer. */
export interface CommandAdvertisesTable {
  id: Generated<number>;
  user_id: number;
  command_id: number;
  code: string;
  /** 1 shown, 0 off */
  status: WithDefault<number>;
  /** 1: shown only with probability random_ratio % */
  random: WithDefault<number>;
  /** '10' … '100' */
  random_ratio: WithDefault<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AdvertiseTables = {
  command_advertises: CommandAdvertisesTable;
};
