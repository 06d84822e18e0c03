import { SCORE_FLOOR } from './calibration.ts';
import { exampleCommandOf } from './exact-examples.ts';
import { contentHash } from './hash.ts';
import { scoreModel, trainModel } from './parser.ts';
import { assemblePrediction } from './prediction.ts';
import { buildRuntime, type Runtime, runtimeSteps } from './runtime.ts';
import { runSteps } from './steps.ts';
import type { Model, Prediction, TrainingExample, TrainOptions } from './types.ts';

const DEFAULT_SEED = 42;
const runtimes = new WeakMap<Model, Runtime>();

function withHash(model: Omit<Model, 'hash'>): Model {
  const { classifier, ...rest } = model;
  return { ...model, hash: contentHash(JSON.stringify(rest) + (classifier?.hash ?? '')) };
}

/** Models whose runtime is to be built from an earlier version's (see deriveRuntimeFrom). */
const derivations = new WeakMap<Model, { model: Model; runtime: Runtime }>();

function runtimeOf(model: Model): Runtime {
  let runtime = runtimes.get(model);
  if (!runtime) {
    runtime = buildRuntime(model, derivations.get(model));
    derivations.delete(model);
    runtimes.set(model, runtime);
  }
  return runtime;
}

/**
 * `model` is a later version of `previous` (a few examples added or removed, or retrained): when it is first
 * used, its runtime reuses what `previous`'s holds — feature vectors of the same texts, the vocabulary, the
 * decoded classifier when it is the same — instead of deriving everything from the JSON again. Does nothing
 * when `previous` was never used (no runtime to reuse), so no chain of versions is kept.
 */
export function deriveRuntimeFrom(model: Model, previous: Model): void {
  const runtime = runtimes.get(previous);
  if (runtime && !runtimes.has(model)) derivations.set(model, { model: previous, runtime });
}

/** Whether `model` can answer without building anything first (its runtime is built). */
export function isRuntimeReady(model: Model): boolean {
  return runtimes.has(model);
}

/**
 * Builds `model`'s runtime ahead of its first prediction a step at a time, awaiting `pause()` between steps (a
 * server lets requests be answered meanwhile), from the earlier version deriveRuntimeFrom named if any. A
 * prediction that comes first builds it at once, as always.
 */
export async function prepareRuntime(model: Model, pause: () => Promise<void>): Promise<void> {
  if (runtimes.has(model)) return;
  const runtime = await runSteps(runtimeSteps(model, derivations.get(model)), pause);
  if (runtimes.has(model)) return;
  derivations.delete(model);
  runtimes.set(model, runtime);
}

/** Full training of a model from the owner's examples. Deterministic for a given seed. */
export function train(examples: TrainingExample[], options: TrainOptions): Model {
  const { model, runtime } = trainModel(examples, {
    lang: options.lang,
    parser: options.parser,
    seed: options.seed ?? DEFAULT_SEED,
  });
  const hashed = withHash(model);
  runtimes.set(hashed, runtime);
  return hashed;
}

export function predict(model: Model, text: string): Prediction {
  const scores = scoreModel(model, runtimeOf(model), text);
  return assemblePrediction(
    scores,
    model.examples,
    model.threshold,
    model.scoreFloor ?? SCORE_FLOOR,
    exampleCommandOf(model, text),
  );
}

function withExamples(model: Model, examples: TrainingExample[]): Model {
  const previous = runtimes.get(model);
  const updated = withHash({ ...model, examples });
  runtimes.set(updated, buildRuntime(updated, previous ? { model, runtime: previous } : undefined));
  return updated;
}

/**
 * Adds (or replaces, by id) one example without a full retrain: the TF-IDF space and centroids are rebuilt
 * from cached feature vectors; the classifier and threshold stay as last trained until the next `train`.
 */
export function addExample(model: Model, example: TrainingExample): Model {
  return withExamples(model, [...model.examples.filter((known) => known.id !== example.id), example]);
}

export function removeExample(model: Model, id: string): Model {
  return withExamples(
    model,
    model.examples.filter((known) => known.id !== id),
  );
}
