import { parentPort } from 'node:worker_threads';
import { type TrainingExample, type TrainOptions, train } from '@hiwar/nlu';
import { registerLexicons } from './lexicons.ts';

/** Runs in a worker thread (see train-in-worker.ts): trains one model and answers its JSON. */
export interface TrainRequest {
  id: number;
  examples: TrainingExample[];
  options: TrainOptions;
}

export type TrainAnswer = { id: number; json: string } | { id: number; error: string };

registerLexicons();

parentPort?.on('message', (request: TrainRequest) => {
  let answer: TrainAnswer;
  try {
    answer = { id: request.id, json: JSON.stringify(train(request.examples, request.options)) };
  } catch (error) {
    answer = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort?.postMessage(answer);
});
