import { train } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { listCorpus } from './corpus-repository.ts';
import { refreshLearnedValues } from './learned-values.ts';
import { updateModel } from './model-store.ts';
import { withOwnerLock } from './owner-lock.ts';
import {
  applyChanges,
  diffExamples,
  NLU_LANGS,
  NLU_PARSERS,
  type NluLang,
  trainingExampleOf,
} from './reconcile-model.ts';

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Full training of an owner's models for these languages, both parsers. Training runs on a snapshot of the
 * corpus; before writing, the examples saved meanwhile are applied incrementally so none is lost.
 */
export async function trainOwnerModels(
  db: Database,
  userId: number,
  options: { langs?: NluLang[]; heartbeat?: () => Promise<void> } = {},
): Promise<void> {
  for (const lang of options.langs ?? NLU_LANGS) {
    const corpus = await listCorpus(db, userId, { lang });
    for (const parser of NLU_PARSERS) {
      const trained = corpus.length > 0 ? train(corpus.map(trainingExampleOf), { lang, parser }) : null;
      await withOwnerLock(db, userId, () =>
        updateModel(db, { userId, lang, parser }, async () => {
          if (!trained) return { model: null, isFullTraining: true };
          const now = (await listCorpus(db, userId, { lang })).map(trainingExampleOf);
          const model = applyChanges(trained, diffExamples(trained, now));
          return { model: model.examples.length > 0 ? model : null, isFullTraining: true };
        }),
      );
      await options.heartbeat?.();
      await yieldToEventLoop();
    }
  }
  const corpus = await listCorpus(db, userId);
  await refreshLearnedValues(db, userId, new Set(corpus.map((example) => example.commandId)), corpus);
}
