import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  crossValidate,
  type Model,
  type QualityReport,
  type TrainingExample,
  type TrainOptions,
  train,
} from '@hiwar/nlu';
import { registerLexicons } from './lexicons.ts';
import { type ModelText, modelFromText, textOfModel } from './model-text.ts';
import { applyChanges, countChanges, diffExamples, shouldRetrain } from './reconcile-model.ts';

/**
 * Runs in a worker thread (see train-in-worker.ts). Models come and go as JSON text, so the server's thread
 * neither parses nor serialises them for an update: it stores the text as it is and parses a model only when a
 * message needs it.
 * - `train`: a model trained on the examples;
 * - `sync`: the model (or none) brought in line with the examples — the differences applied with
 *   addExample/removeExample (which trains the embedding member), or a training for a small bot or past a bulk
 *   change (reconcile-model.ts);
 * - `quality`: the bot's quality report, cross-validated on its examples (a training per fold).
 */
export type TrainRequest =
  | { id: number; kind: 'train'; examples: TrainingExample[]; options: TrainOptions }
  | { id: number; kind: 'quality'; examples: TrainingExample[]; options: TrainOptions }
  | { id: number; kind: 'sync'; model: ModelText | null; examples: TrainingExample[]; options: TrainOptions };

/** A model as JSON text (model-text.ts), with what the server needs to know of it without parsing it. */
export interface ModelJson extends ModelText {
  hash: string;
  /** the classifier's hash; null when the model has none */
  classifierHash: string | null;
  exampleCount: number;
}

export type SyncOutcome =
  | { status: 'unchanged' }
  | {
      status: 'updated';
      /** null: no example is left, the model goes */
      model: ModelJson | null;
      /** the commands whose examples were added or removed */
      touched: string[];
      isFullTraining: boolean;
    };

export type TrainAnswer =
  | { id: number; kind: 'train'; model: ModelJson }
  | { id: number; kind: 'sync'; outcome: SyncOutcome }
  | { id: number; kind: 'quality'; report: QualityReport }
  | { id: number; error: string };

/** How much lower than the server's thread this worker runs (a nice value: 10 gets about a tenth of a busy CPU). */
const WORKER_NICENESS = 10;

/**
 * Lowers this thread's priority, not the process's: on Linux every thread has its own nice value, and
 * /proc/thread-self names this one. Elsewhere (no /proc) the worker keeps the server's priority.
 */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, WORKER_NICENESS);
  } catch {
    // not Linux, or not allowed: training competes as an equal
  }
}

function modelJsonOf(model: Model, known?: Parameters<typeof textOfModel>[1]): ModelJson {
  return {
    ...textOfModel(model, known),
    hash: model.hash,
    classifierHash: model.classifier?.hash ?? null,
    exampleCount: model.examples.length,
  };
}

function sync(request: Extract<TrainRequest, { kind: 'sync' }>): SyncOutcome {
  const { examples, options } = request;
  const trained = (touched: string[]): SyncOutcome => ({
    status: 'updated',
    model: examples.length > 0 ? modelJsonOf(train(examples, options)) : null,
    touched,
    isFullTraining: true,
  });
  if (request.model === null) {
    return examples.length === 0
      ? { status: 'unchanged' }
      : trained(examples.map((example) => example.command));
  }
  const current = modelFromText(request.model);
  const changes = diffExamples(current, examples);
  if (countChanges(changes) === 0) return { status: 'unchanged' };
  const removed = new Set(changes.removed);
  const touched = [
    ...current.examples.filter((example) => removed.has(example.id)).map((example) => example.command),
    ...changes.added.map((example) => example.command),
  ];
  if (shouldRetrain(changes, current, examples.length)) return trained(touched);
  const updated = applyChanges(current, changes);
  // the classifier is the one it came with: its text goes back as it came
  const known = { classifier: current.classifier, json: request.model.classifierJson };
  return {
    status: 'updated',
    model: updated.examples.length > 0 ? modelJsonOf(updated, known) : null,
    touched,
    isFullTraining: false,
  };
}

function answerTo(request: TrainRequest): TrainAnswer {
  if (request.kind === 'train')
    return { id: request.id, kind: 'train', model: modelJsonOf(train(request.examples, request.options)) };
  if (request.kind === 'quality')
    return { id: request.id, kind: 'quality', report: crossValidate(request.examples, request.options) };
  return { id: request.id, kind: 'sync', outcome: sync(request) };
}

lowerThreadPriority();
registerLexicons();

parentPort?.on('message', (request: TrainRequest) => {
  let answer: TrainAnswer;
  try {
    answer = answerTo(request);
  } catch (error) {
    answer = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort?.postMessage(answer);
});
