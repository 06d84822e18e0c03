import {
  PAGE_SIZE,
  type SaveVariableInput,
  type VariableLabel,
  type VariableListItem,
  type VariableRecord,
} from '@hiwar/contracts';
import type { Insertable, Selectable } from 'kysely';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { CommandVarsTable, VariableTables } from './variable-tables.ts';

export type VariableRow = Selectable<CommandVarsTable>;
/** What save writes: the request's fields with var_type already the stored type (datasetList → list). */
export type VariableFields = Omit<SaveVariableInput, 'var_type'> & { var_type: string };

function tablesOf(db: Database) {
  return db.withTables<VariableTables>();
}

export function variableOf(row: VariableRow): VariableRecord {
  return {
    ...row,
    var_val_stopwords: fromJson<string[]>(row.var_val_stopwords, []),
    var_val_list: fromJson<string[]>(row.var_val_list, []),
    var_labels: fromJson<VariableLabel[]>(row.var_labels, []),
    var_fallback_options: fromJson<{ label: string; val: string }[]>(row.var_fallback_options, []),
  };
}

function columnsOf(fields: VariableFields) {
  return {
    ...fields,
    var_val_stopwords: toJson(fields.var_val_stopwords),
    var_val_list: toJson(fields.var_val_list),
    var_labels: toJson(fields.var_labels),
    var_fallback_options: toJson(fields.var_fallback_options),
  };
}

export async function insertVariable(
  db: Database,
  owner: { userId: number; commandId: number },
  fields: VariableFields,
): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('command_vars')
    .values({ ...columnsOf(fields), user_id: owner.userId, var_command_id: owner.commandId })
    .returning('var_id')
    .executeTakeFirstOrThrow();
  return row.var_id;
}

export async function updateVariable(db: Database, varId: number, fields: VariableFields): Promise<void> {
  await tablesOf(db)
    .updateTable('command_vars')
    .set({ ...columnsOf(fields), updated_at: nowIso() })
    .where('var_id', '=', varId)
    .execute();
}

export async function findOwnVariable(
  db: Database,
  userId: number,
  varId: number,
): Promise<VariableRecord | undefined> {
  const row = await tablesOf(db)
    .selectFrom('command_vars')
    .selectAll()
    .where('var_id', '=', varId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? variableOf(row) : undefined;
}

/** Names of a command's variables, or of all the owner's variables when commandId is null. */
export function listVariableItems(
  db: Database,
  userId: number,
  commandId: number | null,
): Promise<VariableListItem[]> {
  let query = tablesOf(db)
    .selectFrom('command_vars')
    .select(['var_id', 'var_name'])
    .where('user_id', '=', userId);
  if (commandId !== null) query = query.where('var_command_id', '=', commandId);
  return query.orderBy('var_order').orderBy('var_id').execute();
}

export function listPreferenceItems(db: Database, userId: number): Promise<VariableListItem[]> {
  return tablesOf(db)
    .selectFrom('command_vars')
    .select(['var_id', 'var_name'])
    .where('user_id', '=', userId)
    .where('var_is_preference', '=', 1)
    .orderBy('var_name')
    .orderBy('var_id')
    .execute();
}

export async function listVariablesPage(
  db: Database,
  commandId: number,
  { page, keywords }: { page: number; keywords: string },
): Promise<{ rows: VariableRecord[]; total: number }> {
  let query = tablesOf(db).selectFrom('command_vars').where('var_command_id', '=', commandId);
  if (keywords !== '') query = query.where(containsKeywords('var_name', keywords));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('var_order')
    .orderBy('var_id')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return { rows: rows.map(variableOf), total: Number(counted.count) };
}

export function listVariablesOfCommands(db: Database, commandIds: number[]): Promise<VariableRow[]> {
  if (commandIds.length === 0) return Promise.resolve([]);
  return tablesOf(db)
    .selectFrom('command_vars')
    .selectAll()
    .where('var_command_id', 'in', commandIds)
    .orderBy('var_id')
    .execute();
}

/** The ids among `varIds` that are variables of this command. */
export async function filterVariablesOfCommand(
  db: Database,
  commandId: number,
  varIds: number[],
): Promise<Set<number>> {
  if (varIds.length === 0) return new Set();
  const rows = await tablesOf(db)
    .selectFrom('command_vars')
    .select('var_id')
    .where('var_command_id', '=', commandId)
    .where('var_id', 'in', varIds)
    .execute();
  return new Set(rows.map((row) => row.var_id));
}

export async function isVariableNameTaken(
  db: Database,
  commandId: number,
  name: string,
  exceptVarId: number | null,
): Promise<boolean> {
  let query = tablesOf(db)
    .selectFrom('command_vars')
    .select('var_id')
    .where('var_command_id', '=', commandId)
    .where('var_name', '=', name);
  if (exceptVarId !== null) query = query.where('var_id', '!=', exceptVarId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Answers whether the owner's variable existed. */
export async function setVariableStatus(
  db: Database,
  userId: number,
  varId: number,
  status: number,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('command_vars')
    .set({ var_status: status, updated_at: nowIso() })
    .where('var_id', '=', varId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteVariableRow(db: Database, varId: number): Promise<void> {
  await tablesOf(db).deleteFrom('command_vars').where('var_id', '=', varId).execute();
}

export async function deleteVariablesOfCommands(db: Database, commandIds: number[]): Promise<void> {
  if (commandIds.length === 0) return;
  await tablesOf(db).deleteFrom('command_vars').where('var_command_id', 'in', commandIds).execute();
}

export type NewVariableRow = Insertable<CommandVarsTable>;

export async function insertVariableRow(db: Database, row: NewVariableRow): Promise<number> {
  const inserted = await tablesOf(db)
    .insertInto('command_vars')
    .values(row)
    .returning('var_id')
    .executeTakeFirstOrThrow();
  return inserted.var_id;
}

export interface VariableReferences {
  var_cursor_var_id: number | null;
  var_default_val_preference_id: number | null;
  var_fallback_redirect_command_id: number | null;
}

export async function updateVariableReferences(
  db: Database,
  varId: number,
  references: VariableReferences,
): Promise<void> {
  await tablesOf(db).updateTable('command_vars').set(references).where('var_id', '=', varId).execute();
}
