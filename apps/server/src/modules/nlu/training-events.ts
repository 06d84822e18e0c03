import type { TrainingState } from '@hiwar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import {
  type EventStreamTimings,
  type OpenStreams,
  openEventStream,
} from '../../platform/http/event-stream.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { findLastTrainedAt } from './model-repository.ts';
import { isTrainingBusy } from './training-jobs.ts';
import { modelStateOf } from './training-status.ts';

/** how often the owner's training state is read (default 1 s), and the heartbeat (15 s) */
export type StreamTimings = EventStreamTimings;

export const defaultStreamTimings: StreamTimings = { checkMs: 1000, heartbeatMs: 15_000 };

async function readTrainingState(db: Database, runner: JobRunner, userId: number): Promise<TrainingState> {
  const [isBusy, trainedAt, model] = await Promise.all([
    isTrainingBusy(runner, userId),
    findLastTrainedAt(db, userId),
    modelStateOf(db, userId),
  ]);
  return { status: isBusy ? 'running' : 'free', trained_at: trainedAt, model };
}

export type { OpenStreams };

/**
 * GET /command_example/trained_examples_check: server-sent events carrying the owner's training and model state
 * when it changes (read from the database, so a training on another process shows too) and a heartbeat comment.
 */
export function streamTrainingState(
  context: { db: Database; runner: JobRunner; streams: OpenStreams; timings: StreamTimings },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): void {
  const { db, runner } = context;
  let lastSent = '';
  openEventStream(request, reply, {
    streams: context.streams,
    timings: context.timings,
    failure: 'training state check failed',
    heartbeat: 'heartbeat',
    async check(write) {
      const data = JSON.stringify(await readTrainingState(db, runner, userId));
      if (data !== lastSent) write(`data: ${data}\n\n`);
      lastSent = data;
    },
  });
}
