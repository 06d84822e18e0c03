import {
  type DatasetDataRow,
  type DatasetRecord,
  datasetMessages,
  datasetRecordKeys,
} from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { requireOwnDataset } from './dataset-actions.ts';
import {
  deleteOwnRecords,
  findOwnRecord,
  insertDatasetRecord,
  updateRecordData,
} from './dataset-record-repository.ts';
import { checkRecordValues } from './record-values.ts';

const keptKeys: ReadonlySet<string> = new Set(datasetRecordKeys);

/** The values a request gives, less the keys the server keeps (a grid may send a whole row back). */
function givenValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !keptKeys.has(key)));
}

/** Checks values against the dataset's schema, refusing with every field's message at once. */
function checkedValues(dataset: DatasetRecord, values: Record<string, unknown>, prefix: string) {
  const checked = checkRecordValues(dataset.ds_schema, givenValues(values), prefix);
  if (Object.keys(checked.errors).length > 0) throw AppError.invalid(checked.errors);
  return checked.values;
}

async function requireOwnRecord(db: Database, userId: number, recordId: number) {
  const record = await findOwnRecord(db, userId, recordId);
  if (!record) throw new AppError('not_found', datasetMessages.recordNotFound);
  return record;
}

/** POST /dataset/insert_data: a record into one of the owner's datasets. */
export async function insertRecord(
  db: Database,
  userId: number,
  dsId: number,
  values: Record<string, unknown>,
): Promise<DatasetDataRow> {
  const dataset = await requireOwnDataset(db, userId, dsId);
  const data = checkedValues(dataset, values, 'record.');
  const recordId = await insertDatasetRecord(db, { dsId, userId: dataset.user_id, data });
  return (await requireOwnRecord(db, userId, recordId)).row;
}

/** POST /dataset/update-dataset/: changes the given values of one of the owner's records. */
export async function updateRecord(
  db: Database,
  userId: number,
  change: { _id: number; __status?: number; values: Record<string, unknown> },
): Promise<DatasetDataRow> {
  const record = await requireOwnRecord(db, userId, change._id);
  const dataset = await requireOwnDataset(db, userId, record.row.ds_id);
  const data = checkedValues(dataset, change.values, 'data.');
  await updateRecordData(db, change._id, { ...record.data, ...data }, change.__status);
  return (await requireOwnRecord(db, userId, change._id)).row;
}

/** POST /dataset/delete_data and multiple-delete-data: the owner's records; none of them found is a 404. */
export async function deleteRecords(db: Database, userId: number, ids: number[]): Promise<number> {
  const deleted = await deleteOwnRecords(db, userId, [...new Set(ids)]);
  if (deleted === 0) throw new AppError('not_found', datasetMessages.recordNotFound);
  return deleted;
}
