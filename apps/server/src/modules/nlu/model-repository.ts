import { nowIso } from '../../platform/db/clock.ts';
import { uniqueViolationColumns } from '../../platform/db/constraint-errors.ts';
import type { Database } from '../../platform/db/database.ts';
import type { NluTables } from './nlu-tables.ts';

export interface ModelKey {
  userId: number;
  lang: string;
  parser: string;
}

export interface ModelStamp {
  version: number;
  trainedAt: string;
}

export interface ModelRow extends ModelStamp {
  json: string;
}

function tablesOf(db: Database) {
  return db.withTables<NluTables>();
}

function modelsOf(db: Database, key: ModelKey) {
  return tablesOf(db)
    .selectFrom('nlu_models')
    .where('user_id', '=', key.userId)
    .where('lang', '=', key.lang)
    .where('parser', '=', key.parser);
}

/** The cheap check a process makes before trusting its cached copy. */
export async function findModelStamp(db: Database, key: ModelKey): Promise<ModelStamp | null> {
  const row = await modelsOf(db, key).select(['version', 'trained_at']).executeTakeFirst();
  return row ? { version: row.version, trainedAt: row.trained_at } : null;
}

export async function findModelRow(db: Database, key: ModelKey): Promise<ModelRow | null> {
  const row = await modelsOf(db, key).select(['version', 'trained_at', 'model']).executeTakeFirst();
  return row ? { version: row.version, trainedAt: row.trained_at, json: row.model } : null;
}

export interface ModelWrite {
  json: string;
  hash: string;
  /** a full training (sets trained_at) rather than an incremental update */
  isFullTraining: boolean;
}

/**
 * Writes the model if the stored version is still `expectedVersion` (null: no row yet). Answers the new
 * version, or null when another writer got there first (the caller reloads and tries again).
 */
export async function writeModel(
  db: Database,
  key: ModelKey,
  expectedVersion: number | null,
  write: ModelWrite,
): Promise<number | null> {
  const now = nowIso();
  if (expectedVersion === null) {
    try {
      await tablesOf(db)
        .insertInto('nlu_models')
        .values({
          user_id: key.userId,
          lang: key.lang,
          parser: key.parser,
          model: write.json,
          hash: write.hash,
          version: 1,
          trained_at: now,
          updated_at: now,
        })
        .execute();
      return 1;
    } catch (error) {
      if (uniqueViolationColumns(error) !== null) return null;
      throw error;
    }
  }
  const result = await tablesOf(db)
    .updateTable('nlu_models')
    .set({
      model: write.json,
      hash: write.hash,
      version: expectedVersion + 1,
      updated_at: now,
      ...(write.isFullTraining && { trained_at: now }),
    })
    .where('user_id', '=', key.userId)
    .where('lang', '=', key.lang)
    .where('parser', '=', key.parser)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? expectedVersion + 1 : null;
}

/** Removes a model whose corpus became empty; false when the version moved meanwhile. */
export async function deleteModel(db: Database, key: ModelKey, expectedVersion: number): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('nlu_models')
    .where('user_id', '=', key.userId)
    .where('lang', '=', key.lang)
    .where('parser', '=', key.parser)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The languages and parsers the owner has models for. */
export async function listModelKeys(db: Database, userId: number): Promise<ModelKey[]> {
  const rows = await tablesOf(db)
    .selectFrom('nlu_models')
    .select(['lang', 'parser'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ userId, lang: row.lang, parser: row.parser }));
}

/** When the owner's models were last fully trained; null before the first training. */
export async function findLastTrainedAt(db: Database, userId: number): Promise<string | null> {
  const row = await tablesOf(db)
    .selectFrom('nlu_models')
    .select((eb) => eb.fn.max('trained_at').as('trained_at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.trained_at ?? null;
}

export async function saveLearnedValues(
  db: Database,
  userId: number,
  commandId: number,
  learnedJson: string,
): Promise<void> {
  const now = nowIso();
  await tablesOf(db)
    .insertInto('nlu_learned_values')
    .values({ command_id: commandId, user_id: userId, learned: learnedJson, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('command_id').doUpdateSet({ learned: learnedJson, updated_at: now }),
    )
    .execute();
}

export async function findLearnedValues(
  db: Database,
  userId: number,
  commandId: number,
): Promise<string | null> {
  const row = await tablesOf(db)
    .selectFrom('nlu_learned_values')
    .select('learned')
    .where('command_id', '=', commandId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.learned ?? null;
}

export async function deleteLearnedValues(db: Database, userId: number, commandIds: number[]): Promise<void> {
  if (commandIds.length === 0) return;
  await tablesOf(db)
    .deleteFrom('nlu_learned_values')
    .where('user_id', '=', userId)
    .where('command_id', 'in', commandIds)
    .execute();
}
