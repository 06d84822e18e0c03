import {
  DATASET_MAX_FIELDS,
  type DatasetField,
  type DatasetRecord,
  type DatasetType,
  datasetInUseMessage,
  datasetMessages,
  fieldExistsMessage,
  type saveDatasetRequest,
} from '@hiwar/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listRecordValues, replaceRecordsData } from './dataset-record-repository.ts';
import { createDataset, deleteDatasetRow, findOwnDataset, updateDataset } from './dataset-repository.ts';
import { checkUniqueFieldNames, isEditableField, schemaChanges, schemaForType } from './dataset-schema.ts';
import { findDatasetUsers } from './dataset-usage.ts';
import { convertFieldValue } from './record-values.ts';

type SaveDatasetInput = z.output<typeof saveDatasetRequest>;

/** The owner's dataset, or 404: another owner's dataset (public or not) is never written. */
export async function requireOwnDataset(db: Database, userId: number, dsId: number): Promise<DatasetRecord> {
  const dataset = await findOwnDataset(db, userId, dsId);
  if (!dataset) throw new AppError('not_found');
  return dataset;
}

/** The name a save gives: a menu's may come as menu_name; `type` is the saved dataset's (a save keeps it). */
function nameOf(input: SaveDatasetInput, type: DatasetType): string {
  const isMenu = type === 'menu';
  const name = (isMenu ? input.menu_name || input.ds_name : input.ds_name) ?? '';
  if (name !== '') return name;
  throw isMenu
    ? AppError.invalidField('menu_name', datasetMessages.menuNameRequired)
    : AppError.invalidField('ds_name', datasetMessages.nameRequired);
}

/**
 * Rewrites every record of a dataset through `change` (a field renamed, retyped or removed), in the caller's
 * transaction; records `change` leaves alone are not written.
 */
async function rewriteRecords(
  db: Database,
  dsId: number,
  change: (data: Record<string, unknown>) => Record<string, unknown> | undefined,
): Promise<void> {
  const changed = (await listRecordValues(db, dsId)).flatMap((record) => {
    const data = change(record.data);
    return data ? [{ ...record, data }] : [];
  });
  await replaceRecordsData(db, dsId, changed);
}

/** A menu's currency and payment method as sent (a plain dataset keeps the defaults it never reads). */
function menuPayment(input: SaveDatasetInput) {
  return { currency: input.ds_currency, paymentMethod: input.ds_payment_method };
}

/** POST /dataset/save/{id}: 0 creates; an existing dataset keeps its type, and its records follow its schema. */
export async function saveDataset(
  db: Database,
  userId: number,
  dsId: number,
  input: SaveDatasetInput,
): Promise<DatasetRecord> {
  if (dsId === 0) {
    const name = nameOf(input, input.ds_type);
    const schema = schemaForType(input.ds_type, input.ds_schema ?? []);
    checkUniqueFieldNames(schema, 'ds_schema');
    return createDataset(db, {
      userId,
      name,
      type: input.ds_type,
      status: input.ds_status,
      isPublic: input.is_public,
      schema,
      tax: input.ds_tax,
      shipping: input.ds_shipping,
      ...(input.ds_type === 'menu' && menuPayment(input)),
    });
  }
  const current = await requireOwnDataset(db, userId, dsId);
  const name = nameOf(input, current.ds_type);
  const schema = input.ds_schema && schemaForType(current.ds_type, input.ds_schema);
  if (schema) checkUniqueFieldNames(schema, 'ds_schema');
  const { dropped, retyped } = schema
    ? schemaChanges(current.ds_schema, schema)
    : { dropped: [], retyped: [] };
  await db.transaction().execute(async (trx) => {
    await updateDataset(trx, dsId, {
      name,
      status: input.ds_status,
      isPublic: input.is_public,
      schema,
      tax: input.ds_tax,
      shipping: input.ds_shipping,
      ...(current.ds_type === 'menu' && menuPayment(input)),
    });
    if (dropped.length === 0 && retyped.length === 0) return;
    await rewriteRecords(trx, dsId, (data) => {
      const next = { ...data };
      for (const field of dropped) delete next[field];
      for (const field of retyped)
        if (field.name in next) next[field.name] = convertFieldValue(next[field.name], field.type);
      return next;
    });
  });
  return requireOwnDataset(db, userId, dsId);
}

/** PUT /dataset/fields/{id}: renames or retypes a read-write field; every record's value follows. */
export async function changeField(
  db: Database,
  userId: number,
  dsId: number,
  { old_field: oldField, new_field: newField }: { old_field: { name: string }; new_field: DatasetField },
): Promise<DatasetRecord> {
  const dataset = await requireOwnDataset(db, userId, dsId);
  const current = dataset.ds_schema.find((field) => field.name === oldField.name);
  if (!current) throw AppError.invalidField('old_field.name', datasetMessages.fieldUnknown);
  if (!isEditableField(current)) throw AppError.invalidField('old_field.name', datasetMessages.fieldReadOnly);
  const isRenamed = newField.name !== current.name;
  if (isRenamed && dataset.ds_schema.some((field) => field.name === newField.name)) {
    throw AppError.invalidField('new_field.name', fieldExistsMessage(newField.name));
  }
  const schema = schemaForType(
    dataset.ds_type,
    dataset.ds_schema.map((field) => (field === current ? newField : field)),
  );
  await db.transaction().execute(async (trx) => {
    await updateDataset(trx, dsId, { schema });
    if (!isRenamed && newField.type === current.type) return;
    await rewriteRecords(trx, dsId, (data) => {
      if (!(current.name in data)) return undefined;
      const { [current.name]: value, ...rest } = data;
      return { ...rest, [newField.name]: convertFieldValue(value, newField.type) };
    });
  });
  return requireOwnDataset(db, userId, dsId);
}

/** POST /dataset/add-field/{id} */
export async function addField(
  db: Database,
  userId: number,
  dsId: number,
  field: DatasetField,
): Promise<DatasetRecord> {
  const dataset = await requireOwnDataset(db, userId, dsId);
  if (dataset.ds_schema.some((existing) => existing.name === field.name)) {
    throw AppError.invalidField('data.name', fieldExistsMessage(field.name));
  }
  if (dataset.ds_schema.length >= DATASET_MAX_FIELDS) {
    throw AppError.invalidField('data', datasetMessages.tooManyFields);
  }
  await updateDataset(db, dsId, {
    schema: schemaForType(dataset.ds_type, [...dataset.ds_schema, field]),
  });
  return requireOwnDataset(db, userId, dsId);
}

/** POST /dataset/delete/{id}: refused, naming them, while a variable or a response uses the dataset. */
export async function deleteDataset(db: Database, userId: number, dsId: number): Promise<void> {
  await requireOwnDataset(db, userId, dsId);
  const users = await findDatasetUsers(db, userId, dsId);
  if (users.length > 0) throw new AppError('conflict', datasetInUseMessage(users));
  await deleteDatasetRow(db, dsId);
}
