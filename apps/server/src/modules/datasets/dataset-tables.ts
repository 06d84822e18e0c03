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
  /** menus only (migration 0022): EGP | RSA | USD, cash | visa */
  ds_currency: WithDefault<string>;
  ds_payment_method: WithDefault<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * `dataset_records`: one row of a dataset; `data` is a JSON object keyed by schema field name. `user_id`,
 * `sender_id` and `record_status` are the record's `__user_id`, `__sender_id` and `__status`; `search_text`
 * (migration 0011) is the lowercase text of the values that a keyword search matches.
 */
export interface DatasetRecordsTable {
  _id: Generated<number>;
  ds_id: number;
  user_id: number;
  data: WithDefault<JsonText>;
  sender_id: WithDefault<string>;
  record_status: WithDefault<number>;
  search_text: WithDefault<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DatasetTables = {
  datasets: DatasetsTable;
  dataset_records: DatasetRecordsTable;
};
