import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `data_sources` (migration 0012): an owner's connection to their own database; `password` is encrypted. */
export interface DataSourcesTable {
  data_source_id: Generated<number>;
  user_id: number;
  name: string;
  driver: string;
  host: string;
  port: number | null;
  dbname: string;
  username: string;
  password: WithDefault<string>;
  sid: WithDefault<string>;
  deleted_at: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A type alias, not an interface: `db.withTables<…>()` needs its implicit index signature. */
export type DataSourceTables = {
  data_sources: DataSourcesTable;
};
