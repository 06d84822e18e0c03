import { Worker } from 'node:worker_threads';
import type { Model, TrainingExample, TrainOptions } from '@hiwar/nlu';
import type { Changes } from './reconcile-model.ts';
import type { TrainAnswer, TrainRequest } from './train-worker.ts';

interface Pending {
  resolve(model: Model): void;
  reject(error: Error): void;
}

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
  const started = new Worker(new URL('./train-worker.ts', import.meta.url));
  started.unref();
  started.on('message', (answer: TrainAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if ('error' in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(JSON.parse(answer.json) as Model);
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => failAll(new Error(`the training worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

type WorkerRequest = TrainRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** One request to the worker: answered in turn, one model at a time, off the thread that answers HTTP. */
function askWorker(request: WorkerRequest): Promise<Model> {
  const thread = workerThread();
  const id = nextId++;
  return new Promise<Model>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ ...request, id } as TrainRequest);
  });
}

/**
 * Full training in a worker thread, so no training stalls the server's requests (issue #29: a model change
 * trained on the request loop held every conversation on the server for as long as it ran). One worker per
 * process, started on first use; requests queue in it one after another.
 */
export function trainInWorker(examples: TrainingExample[], options: TrainOptions): Promise<Model> {
  return askWorker({ kind: 'train', examples, options });
}

/** Every model is trained in the worker, small ones too. */
export const trainModel = trainInWorker;

/**
 * Examples added and removed applied to a model in the worker (`addExample` trains the embedding member): what
 * each saved example costs, off the request loop.
 */
export function applyChangesInWorker(model: Model, changes: Changes): Promise<Model> {
  return askWorker({ kind: 'apply', model: JSON.stringify(model), changes });
}
