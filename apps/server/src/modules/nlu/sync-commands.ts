import type { Database } from '../../platform/db/database.ts';
import { chatbotParserFor } from './chatbot-settings.ts';
import { type CorpusExample, listCorpus } from './corpus-repository.ts';
import { refreshLearnedValues } from './learned-values.ts';
import { listModelKeys, type ModelKey } from './model-repository.ts';
import { type ModelUpdate, type StoredModel, updateModel } from './model-store.ts';
import { withOwnerLock } from './owner-lock.ts';
import {
  countChanges,
  diffExamples,
  isBulkChange,
  isNluLang,
  type NluLang,
  type NluParser,
  trainingExampleOf,
} from './reconcile-model.ts';
import { applyChangesInWorker, trainModel } from './train-in-worker.ts';

/** A whole language trained from the corpus: the first model of a language, or after a bulk change. */
async function trainLanguage(db: Database, key: ModelKey & { lang: NluLang }): Promise<ModelUpdate> {
  const corpus = await listCorpus(db, key.userId, { lang: key.lang });
  if (corpus.length === 0) return { model: null, isFullTraining: true };
  const model = await trainModel(corpus.map(trainingExampleOf), {
    lang: key.lang,
    parser: key.parser as NluParser,
  });
  return { model, isFullTraining: true };
}

function updateCommandsIn(
  db: Database,
  key: ModelKey & { lang: NluLang },
  commandIds: number[],
  examples: CorpusExample[],
) {
  const scope = new Set(commandIds.map(String));
  const desired = examples.filter((example) => example.lang === key.lang).map(trainingExampleOf);
  return async (current: StoredModel | null): Promise<ModelUpdate> => {
    if (!current) return desired.length === 0 ? 'unchanged' : trainLanguage(db, key);
    const changes = diffExamples(current.model, desired, scope);
    if (countChanges(changes) === 0) return 'unchanged';
    if (isBulkChange(changes, current.model)) return trainLanguage(db, key);
    const model = await applyChangesInWorker(current.model, changes);
    return { model: model.examples.length > 0 ? model : null, isFullTraining: false };
  };
}

/** The models to bring up to date: every stored one, plus the chatbot's parser for a language that has none. */
async function modelsToSync(db: Database, userId: number, examples: CorpusExample[]) {
  const stored = await listModelKeys(db, userId);
  const keys = stored.filter((key): key is ModelKey & { lang: NluLang } => isNluLang(key.lang));
  for (const lang of new Set(examples.map((example) => example.lang))) {
    if (!isNluLang(lang) || keys.some((key) => key.lang === lang)) continue;
    keys.push({ userId, lang, parser: await chatbotParserFor(db, userId, lang) });
  }
  return keys;
}

/**
 * Incremental training: brings the owner's models in line with the current examples of these commands (added,
 * edited, switched off, deleted) with addExample/removeExample instead of a full training, and re-learns their
 * tagged values. Idempotent: it reads the truth from the database, so calling it twice is harmless. Answers
 * the languages whose models changed.
 */
export function syncCommands(db: Database, userId: number, commandIds: number[]): Promise<NluLang[]> {
  return withOwnerLock(db, userId, async () => {
    const examples = await listCorpus(db, userId, { commandIds });
    const keys = await modelsToSync(db, userId, examples);
    const changed = new Set<NluLang>();
    for (const key of keys) {
      if (await updateModel(db, key, updateCommandsIn(db, key, commandIds, examples))) changed.add(key.lang);
    }
    await refreshLearnedValues(db, userId, commandIds, examples);
    return [...changed];
  });
}
