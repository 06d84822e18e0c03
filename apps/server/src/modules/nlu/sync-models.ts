import { isNegativeClass } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { chatbotParserFor } from './chatbot-settings.ts';
import {
  type CorpusExample,
  listCorpus,
  listNegativeCorpus,
  type NegativeCorpusExample,
} from './corpus-repository.ts';
import { refreshLearnedValues } from './learned-values.ts';
import { listModelKeys, type ModelKey } from './model-repository.ts';
import { findModelState, markModelsLive } from './model-state-repository.ts';
import { type ModelUpdate, type StoredModel, updateModel } from './model-store.ts';
import { withOwnerLock } from './owner-lock.ts';
import { isNluLang, type NluLang, type NluParser, trainingSetOf } from './reconcile-model.ts';
import { syncInWorker } from './train-in-worker.ts';

type LangKey = ModelKey & { lang: NluLang };

/**
 * The model brought in line with the language's corpus in the update worker (differences applied, or trained
 * past a bulk change); the commands concerned are noted for their learned values.
 */
function updateTo(
  key: LangKey,
  corpus: CorpusExample[],
  negatives: NegativeCorpusExample[],
  touched: Set<number>,
) {
  const desired = trainingSetOf(corpus, negatives);
  const options = { lang: key.lang, parser: key.parser as NluParser };
  return async (current: StoredModel | null): Promise<ModelUpdate> => {
    const outcome = await syncInWorker(current?.text() ?? null, desired, options);
    if (outcome.status === 'unchanged') return 'unchanged';
    for (const command of outcome.touched) if (!isNegativeClass(command)) touched.add(Number(command));
    return { model: outcome.model, isFullTraining: outcome.isFullTraining };
  };
}

/** The models to bring up to date: every stored one, plus the chatbot's parser for a language that has none. */
async function modelsToSync(db: Database, userId: number, corpus: CorpusExample[]): Promise<LangKey[]> {
  const stored = await listModelKeys(db, userId);
  const keys = stored.filter((key): key is LangKey => isNluLang(key.lang));
  for (const lang of new Set(corpus.map((example) => example.lang))) {
    if (!isNluLang(lang) || keys.some((key) => key.lang === lang)) continue;
    keys.push({ userId, lang, parser: await chatbotParserFor(db, userId, lang) });
  }
  return keys;
}

/** Which commands' learned values to re-learn besides those whose examples changed: some, or every one. */
export type LearnedScope = ReadonlySet<number> | 'all';

/**
 * Brings every model of the owner in line with the corpus — examples added, edited, switched off, deleted, of
 * any command — with addExample/removeExample, or a training of the language past a bulk change, in the update
 * worker: the server's thread only reads the corpus and stores the JSON text it answers, then re-learns the tagged values of the commands concerned and records the owner's models as
 * reflecting every change saved before it began (`nlu_model_state`). Idempotent: it reads the truth from the
 * database, so a second run, here or in another process, changes nothing. Answers the languages whose models
 * changed.
 */
export function syncOwnerModels(db: Database, userId: number, learned: LearnedScope): Promise<NluLang[]> {
  return withOwnerLock(db, userId, async () => {
    // read before the corpus: a change saved after this read is not claimed as reflected
    const { wanted } = await findModelState(db, userId);
    const corpus = await listCorpus(db, userId);
    const negatives = await listNegativeCorpus(db, userId);
    const touched = new Set<number>(learned === 'all' ? corpus.map((example) => example.commandId) : learned);
    const changed = new Set<NluLang>();
    for (const key of await modelsToSync(db, userId, corpus)) {
      const ofLang = corpus.filter((example) => example.lang === key.lang);
      const negativesOfLang = negatives.filter((negative) => negative.lang === key.lang);
      if (await updateModel(db, key, updateTo(key, ofLang, negativesOfLang, touched))) changed.add(key.lang);
    }
    await refreshLearnedValues(db, userId, touched, corpus);
    await markModelsLive(db, userId, wanted);
    return [...changed];
  });
}
