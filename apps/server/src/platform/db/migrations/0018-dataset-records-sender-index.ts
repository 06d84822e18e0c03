import type { AppMigration } from './column-types.ts';

/**
 * A sender's own records: user data finds the record to update, finish or delete (sender, owner, dataset) and the
 * "My saved records" component lists them (sender, owner) without reading the dataset's other rows. Records an
 * owner adds have sender_id '', which no such query asks for.
 */
export const datasetRecordsSenderIndex: AppMigration = {
  name: '0018_dataset_records_sender_index',
  async up(db) {
    await db.schema
      .createIndex('dataset_records_sender')
      .on('dataset_records')
      .columns(['sender_id', 'user_id', 'ds_id'])
      .execute();
  },
};
