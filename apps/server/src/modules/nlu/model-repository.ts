import { nowIso } from '../../platform/db/clock.ts';
import { uniqueViolationColumns } from '../../platform/db/constraint-errors.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ModelText } from './model-text.ts';
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

export interface ModelRow extends ModelStamp, ModelText {
  classifierHash: string | null;
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

/** A classifier this process already holds: not read again when the stored model still names it. */
export interface KnownClassifier {
  hash: string;
  json: string;
}

function classifierOf(db: Database, key: ModelKey, hash: string) {
  return tablesOf(db)
    .selectFrom('nlu_classifiers')
    .where('user_id', '=', key.userId)
    .where('lang', '=', key.lang)
    .where('parser', '=', key.parser)
    .where('hash', '=', hash);
}

async function findClassifier(db: Database, key: ModelKey, hash: string): Promise<string | null> {
  const row = await classifierOf(db, key, hash).select('classifier').executeTakeFirst();
  return row?.classifier ?? null;
}

async function isClassifierStored(db: Database, key: ModelKey, hash: string): Promise<boolean> {
  return (await classifierOf(db, key, hash).select('hash').executeTakeFirst()) !== undefined;
}

/** The stored model and its classifier (`known` when it is the one stored, instead of reading it again). */
export async function findModelRow(
  db: Database,
  key: ModelKey,
  known?: KnownClassifier | null,
): Promise<ModelRow | null> {
  const row = await modelsOf(db, key)
    .select(['version', 'trained_at', 'model', 'classifier_hash'])
    .executeTakeFirst();
  if (!row) return null;
  const hash = row.classifier_hash;
  const classifierJson =
    hash === null ? null : known && known.hash === hash ? known.json : await findClassifier(db, key, hash);
  if (hash !== null && classifierJson === null) return null; // replaced meanwhile: the caller reads again
  return {
    version: row.version,
    trainedAt: row.trained_at,
    json: row.model,
    classifierJson,
    classifierHash: hash,
  };
}

export interface ModelWrite extends ModelText {
  hash: string;
  classifierHash: string | null;
  /** the classifier the version being replaced names (null: none, or no version yet) */
  replacedClassifierHash: string | null;
  /** a full training (sets trained_at) rather than an incremental update */
  isFullTraining: boolean;
}

/** Thrown inside a write's transaction when another writer got there first: the transaction is undone. */
class VersionMoved extends Error {}

async function writeModelRow(
  db: Database,
  key: ModelKey,
  expectedVersion: number | null,
  write: ModelWrite,
): Promise<number> {
  const now = nowIso();
  if (expectedVersion === null) {
    await tablesOf(db)
      .insertInto('nlu_models')
      .values({
        user_id: key.userId,
        lang: key.lang,
        parser: key.parser,
        model: write.json,
        hash: write.hash,
        classifier_hash: write.classifierHash,
        version: 1,
        trained_at: now,
        updated_at: now,
      })
      .execute();
    return 1;
  }
  const result = await tablesOf(db)
    .updateTable('nlu_models')
    .set({
      model: write.json,
      hash: write.hash,
      classifier_hash: write.classifierHash,
      version: expectedVersion + 1,
      updated_at: now,
      ...(write.isFullTraining && { trained_at: now }),
    })
    .where('user_id', '=', key.userId)
    .where('lang', '=', key.lang)
    .where('parser', '=', key.parser)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new VersionMoved();
  return expectedVersion + 1;
}

function deleteClassifiersOf(db: Database, key: ModelKey) {
  return tablesOf(db)
    .deleteFrom('nlu_classifiers')
    .where('user_id', '=', key.userId)
    .where('lang', '=', key.lang)
    .where('parser', '=', key.parser);
}

/**
 * Writes the model if the stored version is still `expectedVersion` (null: no row yet). An incremental update
 * (keeping the classifier it replaces) writes the model's row alone; otherwise the classifier is stored unless
 * another writer stored the same one, and the one replaced is dropped, all or nothing. Answers the new version,
 * or null when another writer got there first (the caller reloads and tries again).
 */
export async function writeModel(
  db: Database,
  key: ModelKey,
  expectedVersion: number | null,
  write: ModelWrite,
): Promise<number | null> {
  try {
    // an incremental update keeps the classifier: the model's row alone, in one statement
    if (expectedVersion !== null && write.classifierHash === write.replacedClassifierHash)
      return await writeModelRow(db, key, expectedVersion, write);
    return await db.transaction().execute(async (trx) => {
      const { classifierHash, classifierJson } = write;
      // the same training's classifier, stored by another writer: not sent to the database again
      const isStored = classifierHash !== null && (await isClassifierStored(trx, key, classifierHash));
      if (classifierHash !== null && classifierJson !== null && !isStored) {
        await tablesOf(trx)
          .insertInto('nlu_classifiers')
          .values({
            user_id: key.userId,
            lang: key.lang,
            parser: key.parser,
            hash: classifierHash,
            classifier: classifierJson,
          })
          .execute();
      }
      const version = await writeModelRow(trx, key, expectedVersion, write);
      const others = deleteClassifiersOf(trx, key);
      await (classifierHash === null ? others : others.where('hash', '<>', classifierHash)).execute();
      return version;
    });
  } catch (error) {
    if (error instanceof VersionMoved || uniqueViolationColumns(error) !== null) return null;
    throw error;
  }
}

/** Removes a model whose corpus became empty, with its classifier; false when the version moved meanwhile. */
export async function deleteModel(db: Database, key: ModelKey, expectedVersion: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await tablesOf(trx)
      .deleteFrom('nlu_models')
      .where('user_id', '=', key.userId)
      .where('lang', '=', key.lang)
      .where('parser', '=', key.parser)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await deleteClassifiersOf(trx, key).execute();
    return true;
  });
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
