import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `datasets` (migration 0003): owner tables of records; ds_schema is a JSON list of {name, type, permission}. */
export interface DatasetsTable {
  ds_id: Generated<number>;
  user_id: number;
  ds_name: string;
  ds_type: WithDefault<string>;
  ds_status: WithDefault<number>;
  is_public: WithDefault<number>;
  ds_schema: WithDefault<JsonText>;
  ds_tax: WithDefault<number>;
  ds_shipping: WithDefault<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** `dataset_records`: one row of a dataset; `data` is a JSON object keyed by schema field name. */
export interface DatasetRecordsTable {
  _id: Generated<number>;
  ds_id: number;
  user_id: number;
  data: WithDefault<JsonText>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DatasetTables = {
  datasets: DatasetsTable;
  dataset_records: DatasetRecordsTable;
};
