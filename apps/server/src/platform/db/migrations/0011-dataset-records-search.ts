import { sql } from 'kysely';
import type { AppMigration } from './column-types.ts';

/**
 * Dataset records as the grid pages and searches them: the sender and status every record keeps, and a
 * maintained lowercase text of the record's values so a keyword search is one LIKE over one column of the
 * dataset's rows (no JSON parsing per row). `(ds_id, _id)` serves a page in `_id` order from the index on
 * PostgreSQL too (SQLite's `ds_id` index already ends in the rowid).
 */
export const datasetRecordsSearch: AppMigration = {
  name: '0011_dataset_records_search',
  async up(db, dialect) {
    await db.schema
      .alterTable('dataset_records')
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('dataset_records')
      .addColumn('record_status', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('dataset_records')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // records written before this migration: their JSON text stands in (keys included) until they are saved
    const dataText = dialect === 'postgres' ? sql`lower(data::text)` : sql`lower(data)`;
    await sql`update dataset_records set search_text = ${dataText}`.execute(db);
    await db.schema.dropIndex('dataset_records_dataset').execute();
    await db.schema
      .createIndex('dataset_records_dataset_order')
      .on('dataset_records')
      .columns(['ds_id', '_id'])
      .execute();
  },
};
