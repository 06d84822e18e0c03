import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamTimings {
  /** how often `check` runs */
  checkMs: number;
  /** how often a comment keeps proxies from closing an idle stream */
  heartbeatMs: number;
}

/** The open streams of one app, ended when it closes (an open stream would hold the server open). */
export type OpenStreams = Set<() => void>;

export interface EventStreamOptions {
  streams: OpenStreams;
  timings: EventStreamTimings;
  /** reads what changed and writes it; runs at once, then every `checkMs`, never two at a time */
  check(write: (text: string) => void): Promise<void>;
  /** the log line of a failed check (the stream goes on) */
  failure: string;
  /** the heartbeat comment's word (default `ping`) */
  heartbeat?: string;
}

/**
 * Answers the request with a server-sent event stream (`text/event-stream`) that `check` writes to: the
 * headers earlier hooks set (CORS, security) are kept, proxies are told not to buffer or transform it, a comment
 * every `heartbeatMs` keeps it open, and it ends when the client goes or the app closes.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): void {
  const { streams, timings } = options;
  reply.hijack();
  // reply.hijack() skips Fastify's sending, so the headers set by earlier hooks are copied over
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
  const write = (text: string) => {
    if (!reply.raw.writableEnded) reply.raw.write(text);
  };
  let isChecking = false;
  const check = async () => {
    if (isChecking) return;
    isChecking = true;
    try {
      await options.check(write);
    } catch (error) {
      request.log.error({ err: error }, options.failure);
    } finally {
      isChecking = false;
    }
  };
  const checker = setInterval(() => void check(), timings.checkMs);
  const heartbeat = setInterval(() => write(`: ${options.heartbeat ?? 'ping'}\n\n`), timings.heartbeatMs);
  const end = () => {
    clearInterval(checker);
    clearInterval(heartbeat);
    streams.delete(end);
    if (!reply.raw.writableEnded) reply.raw.end();
  };
  streams.add(end);
  request.raw.on('close', end);
  void check();
}
