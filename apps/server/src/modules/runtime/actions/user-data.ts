import type { CommandResponseRecord, DatasetRecord, userDataModes } from '@hiwar/contracts';
import type { Database } from '../../../platform/db/database.ts';
import { fromJson } from '../../../platform/db/json.ts';
import {
  insertDatasetRecord,
  recordSenderId,
  updateRecordData,
} from '../../datasets/dataset-record-repository.ts';
import type { DatasetTables } from '../../datasets/dataset-tables.ts';
import { checkFieldValue } from '../../datasets/record-values.ts';
import { type ParameterSources, parameterValue } from './parameter-values.ts';

export type UserDataMode = (typeof userDataModes)[number];

/** A record in progress (`__status` 0) until a `finish` closes it (1, like the records an owner adds). */
export const OPEN_RECORD_STATUS = 0;
export const FINISHED_RECORD_STATUS = 1;

/** What a response's user data asks to write for the sender, its values checked against the dataset. */
export interface UserDataWrite {
  mode: UserDataMode;
  dsId: number;
  /** the dataset's owner: the bot's owner (user data is written only to the owner's own datasets) */
  userId: number;
  /** `__sender_id` of the records: platform and sender id */
  senderId: string;
  values: Record<string, unknown>;
  /** the `is_primary` fields: a record of this sender with the same values is the one to change */
  keys: string[];
}

export interface PlannedUserData {
  write: UserDataWrite | null;
  /** why a value or the whole write was left out, for the turn's trace */
  notes: string[];
}

/**
 * The user-data write a response asks for (spec part 2 §3 "User data"), or null with the reason: the
 * switch is off, no mode or dataset, or the dataset is not the owner's own. A value that does not fit its
 * field's type is left out, and said so; a parameter naming no field of the dataset likewise.
 */
export function planUserData(
  response: CommandResponseRecord,
  dataset: DatasetRecord | undefined,
  sender: { platform: string; senderId: string },
  sources: ParameterSources,
): PlannedUserData {
  const mode = response.resp_user_data_mode_name;
  if (response.resp_user_data_status !== 1 || mode === null) return { write: null, notes: [] };
  if (!dataset) return { write: null, notes: ['user data: the dataset is gone or not the owner’s'] };
  const notes: string[] = [];
  const values: Record<string, unknown> = {};
  const keys: string[] = [];
  for (const parameter of response.resp_user_data_pars) {
    const field = dataset.ds_schema.find((candidate) => candidate.name === parameter.name);
    if (!field) {
      notes.push(`user data: ${parameter.name} is not a field of ${dataset.ds_name}`);
      continue;
    }
    const raw = parameterValue(parameter, sources);
    if (raw === undefined) continue;
    const checked = checkFieldValue(field.type, raw);
    if (!checked.ok) {
      notes.push(`user data: ${parameter.name} — ${checked.message}`);
      continue;
    }
    values[field.name] = checked.value;
    if (parameter.is_primary === 1) keys.push(field.name);
  }
  return {
    write: {
      mode,
      dsId: dataset.ds_id,
      userId: dataset.user_id,
      senderId: recordSenderId(sender),
      values,
      keys,
    },
    notes,
  };
}

interface SenderRecord {
  _id: number;
  data: Record<string, unknown>;
  status: number;
}

/** The sender's records of the dataset whose key fields hold the write's values, newest first. */
async function matchingRecords(
  db: Database,
  write: UserDataWrite,
  onlyOpen: boolean,
): Promise<SenderRecord[]> {
  let query = db
    .withTables<DatasetTables>()
    .selectFrom('dataset_records')
    .select(['_id', 'data', 'record_status'])
    .where('ds_id', '=', write.dsId)
    .where('user_id', '=', write.userId)
    .where('sender_id', '=', write.senderId);
  if (onlyOpen) query = query.where('record_status', '=', OPEN_RECORD_STATUS);
  const rows = await query.orderBy('_id', 'desc').execute();
  return rows
    .map((row) => ({
      _id: row._id,
      data: fromJson<Record<string, unknown>>(row.data, {}),
      status: row.record_status,
    }))
    .filter((record) =>
      write.keys.every((key) => String(record.data[key] ?? '') === String(write.values[key] ?? '')),
    );
}

/**
 * Applies a write inside the turn's transaction, so the records change exactly when the turn is stored.
 * - insert: a new open record;
 * - update: the sender's open records with the same keys (the newest one when no field is a key) get the
 *   values; none → a new open record;
 * - finish: the same, and the records are closed (a record is added closed when none is open);
 * - delete: the sender's records with the same keys (all of the sender's records when no field is a key).
 */
export async function applyUserData(db: Database, write: UserDataWrite): Promise<void> {
  if (write.mode === 'insert') {
    await insertDatasetRecord(db, { ...recordOf(write), status: OPEN_RECORD_STATUS });
    return;
  }
  if (write.mode === 'delete') {
    const ids = (await matchingRecords(db, write, false)).map((record) => record._id);
    if (ids.length > 0) {
      await db.withTables<DatasetTables>().deleteFrom('dataset_records').where('_id', 'in', ids).execute();
    }
    return;
  }
  const status = write.mode === 'finish' ? FINISHED_RECORD_STATUS : OPEN_RECORD_STATUS;
  const open = await matchingRecords(db, write, true);
  const targets = write.keys.length > 0 ? open : open.slice(0, 1);
  if (targets.length === 0) {
    await insertDatasetRecord(db, { ...recordOf(write), status });
    return;
  }
  for (const record of targets)
    await updateRecordData(db, record._id, { ...record.data, ...write.values }, status);
}

function recordOf(write: UserDataWrite) {
  return { dsId: write.dsId, userId: write.userId, senderId: write.senderId, data: write.values };
}
