import type { OutgoingHttpHeaders } from 'node:http';
import type { TrainingState } from '@hiwar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { findLastTrainedAt } from './model-repository.ts';
import { isTrainingBusy } from './training-jobs.ts';

export interface StreamTimings {
  /** how often the owner's training state is read (default 1 s) */
  checkMs: number;
  /** how often a comment keeps proxies from closing an idle stream (default 15 s) */
  heartbeatMs: number;
}

export const defaultStreamTimings: StreamTimings = { checkMs: 1000, heartbeatMs: 15_000 };

async function readTrainingState(db: Database, runner: JobRunner, userId: number): Promise<TrainingState> {
  const isBusy = await isTrainingBusy(runner, userId);
  return { status: isBusy ? 'running' : 'free', trained_at: await findLastTrainedAt(db, userId) };
}

/** The open streams of one app, ended when it closes (an open stream would hold the server open). */
export type OpenStreams = Set<() => void>;

/**
 * GET /command_example/trained_examples_check: server-sent events carrying the owner's training state when it
 * changes (read from the database, so a training on another process shows too) and a heartbeat comment.
 */
export function streamTrainingState(
  context: { db: Database; runner: JobRunner; streams: OpenStreams; timings: StreamTimings },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): void {
  const { db, runner, streams, timings } = context;
  reply.hijack();
  // reply.hijack() skips Fastify's sending, so the headers set by earlier hooks (CORS, security) are copied over
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length') headers[name] = value;
  }
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    // no-store like every /api answer; no-transform keeps proxies from compressing (and so holding) events
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let lastSent = '';
  let isChecking = false;
  const sendIfChanged = async () => {
    if (isChecking) return;
    isChecking = true;
    try {
      const data = JSON.stringify(await readTrainingState(db, runner, userId));
      if (data !== lastSent && !reply.raw.writableEnded) reply.raw.write(`data: ${data}\n\n`);
      lastSent = data;
    } catch (error) {
      request.log.error({ err: error }, 'training state check failed');
    } finally {
      isChecking = false;
    }
  };
  const checker = setInterval(() => void sendIfChanged(), timings.checkMs);
  const heartbeat = setInterval(() => reply.raw.write(': heartbeat\n\n'), timings.heartbeatMs);
  const end = () => {
    clearInterval(checker);
    clearInterval(heartbeat);
    streams.delete(end);
    if (!reply.raw.writableEnded) reply.raw.end();
  };
  streams.add(end);
  request.raw.on('close', end);
  void sendIfChanged();
}
