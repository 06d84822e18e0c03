import type { TrainingExample } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { listCorpus, listNegativeCorpus } from './corpus-repository.ts';
import { refreshLearnedValues } from './learned-values.ts';
import { listModelKeys } from './model-repository.ts';
import { updateModel } from './model-store.ts';
import { withOwnerLock } from './owner-lock.ts';
import {
  isNluLang,
  NLU_LANGS,
  NLU_PARSERS,
  type NluLang,
  type NluParser,
  trainingSetOf,
} from './reconcile-model.ts';
import { syncInWorker, trainInWorker } from './train-in-worker.ts';

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export interface TrainingTarget {
  lang: NluLang;
  parser: NluParser;
}

/** Both parsers of each language: what the Train button asks for. */
export function everyModelOf(langs: readonly NluLang[] = NLU_LANGS): TrainingTarget[] {
  return langs.flatMap((lang) => NLU_PARSERS.map((parser) => ({ lang, parser })));
}

/** The models the owner has now: what a refresh after incremental updates retrains. */
export async function storedModelsOf(db: Database, userId: number): Promise<TrainingTarget[]> {
  const keys = await listModelKeys(db, userId);
  return keys.flatMap((key) =>
    isNluLang(key.lang) && (NLU_PARSERS as readonly string[]).includes(key.parser)
      ? [{ lang: key.lang, parser: key.parser as NluParser }]
      : [],
  );
}

/** The commands' and the negative examples of one language, as the engine trains on them. */
export async function trainingSetOfLang(db: Database, userId: number, lang: NluLang) {
  const examples = await listCorpus(db, userId, { lang });
  return trainingSetOf(examples, await listNegativeCorpus(db, userId, { lang }));
}

async function trainOne(db: Database, userId: number, target: TrainingTarget, corpus: TrainingExample[]) {
  const { lang, parser } = target;
  const options = { lang, parser };
  const trained = corpus.length > 0 ? await trainInWorker(corpus, options) : null;
  await withOwnerLock(db, userId, () =>
    updateModel(db, { userId, lang, parser }, async () => {
      // examples saved while training ran are applied incrementally, so none is lost
      const now = await trainingSetOfLang(db, userId, lang);
      const outcome = await syncInWorker(trained ?? null, now, options);
      if (outcome.status === 'unchanged') return { model: trained, isFullTraining: true };
      return { model: outcome.model, isFullTraining: true };
    }),
  );
}

/**
 * Full training of the owner's models (calibrated threshold, classifier from scratch) on a snapshot of the
 * corpus, one model at a time, letting other work run in between; then the learned values of every command.
 */
export async function trainOwnerModels(
  db: Database,
  userId: number,
  targets: TrainingTarget[],
  heartbeat?: () => Promise<void>,
): Promise<void> {
  const corpora = new Map<NluLang, TrainingExample[]>();
  for (const target of targets) {
    let corpus = corpora.get(target.lang);
    if (!corpus) {
      corpus = await trainingSetOfLang(db, userId, target.lang);
      corpora.set(target.lang, corpus);
    }
    await trainOne(db, userId, target, corpus);
    await heartbeat?.();
    await yieldToEventLoop();
  }
  const corpus = await listCorpus(db, userId);
  await refreshLearnedValues(db, userId, new Set(corpus.map((example) => example.commandId)), corpus);
}
