import { parentPort } from 'node:worker_threads';
import { type Model, type TrainingExample, type TrainOptions, train } from '@hiwar/nlu';
import { registerLexicons } from './lexicons.ts';
import { applyChanges, type Changes } from './reconcile-model.ts';

/**
 * Runs in a worker thread (see train-in-worker.ts): trains a model, or applies examples added and removed to one
 * (`addExample` trains the embedding member, the costliest step of a save), and answers the model's JSON.
 */
export type TrainRequest =
  | { id: number; kind: 'train'; examples: TrainingExample[]; options: TrainOptions }
  /** `model`: the model's JSON, parsed here so the server's thread does not copy the object graph */
  | { id: number; kind: 'apply'; model: string; changes: Changes };

export type TrainAnswer = { id: number; json: string } | { id: number; error: string };

registerLexicons();

function modelOf(request: TrainRequest): Model {
  if (request.kind === 'train') return train(request.examples, request.options);
  return applyChanges(JSON.parse(request.model) as Model, request.changes);
}

parentPort?.on('message', (request: TrainRequest) => {
  let answer: TrainAnswer;
  try {
    answer = { id: request.id, json: JSON.stringify(modelOf(request)) };
  } catch (error) {
    answer = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort?.postMessage(answer);
});
