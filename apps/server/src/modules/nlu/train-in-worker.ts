import { Worker } from 'node:worker_threads';
import { type Model, type TrainingExample, type TrainOptions, train } from '@hiwar/nlu';
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

/**
 * Full training in a worker thread, so a large corpus does not stall the server's requests while it trains.
 * One worker per process, started on first use; trainings queue in it one after another.
 */
export function trainInWorker(examples: TrainingExample[], options: TrainOptions): Promise<Model> {
  const thread = workerThread();
  const id = nextId++;
  const request: TrainRequest = { id, examples, options };
  return new Promise<Model>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage(request);
  });
}

/** Up to this many examples a model trains in-process: quicker than the worker's start and round trip. */
export const IN_PROCESS_LIMIT = 300;

/** Trains small corpora at once and large ones in the worker thread. */
export function trainModel(examples: TrainingExample[], options: TrainOptions): Promise<Model> {
  return examples.length <= IN_PROCESS_LIMIT
    ? Promise.resolve(train(examples, options))
    : trainInWorker(examples, options);
}
