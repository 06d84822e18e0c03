import { Worker } from 'node:worker_threads';
import type { QualityReport, TrainingExample, TrainOptions } from '@hiwar/nlu';
import type { ModelText } from './model-text.ts';
import type { ModelJson, SyncOutcome, TrainAnswer, TrainRequest } from './train-worker.ts';

export type { ModelJson, SyncOutcome };

interface Pending {
  resolve(answer: TrainAnswer): void;
  reject(error: Error): void;
}

type WorkerRequest = TrainRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * One worker thread and its queue: requests are answered in turn, one model at a time, off the thread that answers
 * HTTP. Started on first use; it does not keep the process alive while idle.
 */
function createLane(name: string) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = null;
  }

  function workerThread(): Worker {
    if (worker) return worker;
    // Node 24 runs the TypeScript worker itself (type stripping), under tsx and Vitest alike.
    const started = new Worker(new URL('./train-worker.ts', import.meta.url), { name: `nlu-${name}` });
    started.unref();
    started.on('message', (answer: TrainAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) started.unref();
      if (!waiting) return;
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer);
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => failAll(new Error(`the ${name} worker stopped (exit code ${code})`)));
    worker = started;
    return started;
  }

  return function ask(request: WorkerRequest): Promise<TrainAnswer> {
    const thread = workerThread();
    const id = nextId++;
    return new Promise<TrainAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ ...request, id } as TrainRequest);
    });
  };
}

/**
 * Lanes, so a save's few examples are not queued behind a long training: full trainings in one worker, the
 * updates that follow saves in another, the quality reports in a third. All run at a lower OS priority than the
 * server's thread (train-worker.ts), so on a busy machine conversations keep the CPU they need and training takes
 * what is left.
 */
const trainingLane = createLane('training');
const updateLane = createLane('update');
/** The quality reports' cross-validations (a training per fold) wait for no training and hold none up. */
const qualityLane = createLane('quality');

/**
 * Full training in a worker thread, so no training stalls the server's requests (a model change trained on
 * the request loop would hold every conversation for as long as it ran). Answers the model as JSON text.
 */
export async function trainInWorker(examples: TrainingExample[], options: TrainOptions): Promise<ModelJson> {
  const answer = await trainingLane({ kind: 'train', examples, options });
  if (!('kind' in answer) || answer.kind !== 'train')
    throw new Error('the training worker answered out of turn');
  return answer.model;
}

/**
 * The model (its JSON texts, or none) brought in line with the examples in the update worker: unchanged, the
 * differences applied, or trained again past a bulk change (see train-worker.ts).
 */
export async function syncInWorker(
  model: ModelText | null,
  examples: TrainingExample[],
  options: TrainOptions,
): Promise<SyncOutcome> {
  const answer = await updateLane({ kind: 'sync', model, examples, options });
  if (!('kind' in answer) || answer.kind !== 'sync')
    throw new Error('the update worker answered out of turn');
  return answer.outcome;
}

/** The bot's quality report (cross-validation on its examples, packages/nlu quality/) in the quality worker. */
export async function qualityInWorker(
  examples: TrainingExample[],
  options: TrainOptions,
): Promise<QualityReport> {
  const answer = await qualityLane({ kind: 'quality', examples, options });
  if (!('kind' in answer) || answer.kind !== 'quality')
    throw new Error('the quality worker answered out of turn');
  return answer.report;
}
