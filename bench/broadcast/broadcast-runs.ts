import { setTimeout as sleep } from 'node:timers/promises';
import { expectOk } from '../chat/bench-owner.ts';
import { createClient } from '../chat/http-client.ts';
import type { ServerProcess } from '../chat/server-process.ts';
import type { BenchDatabase } from './bench-database.ts';
import {
  checkDelivery,
  type DeliveryChecks,
  type Progress,
  readProgress,
  readWorkerShares,
  type WorkerShare,
} from './broadcast-checks.ts';

/** The channel every run sends to, and how to reach its database and a server process on it. */
export interface BroadcastTarget {
  label: string;
  db: BenchDatabase;
  token: string;
  channelId: number;
  userId: number;
  /** a tag unique to this bench run: every notification's title carries it */
  tag: string;
  /** starts another server process on the same database (same DATA_DIR: same secret key, same SQLite file) */
  startServer(): Promise<ServerProcess>;
}

export interface CrashFigures {
  /** what the counters showed at the last poll before the kill, and what the database held after it */
  observedAtKill: number;
  sentAtKill: number;
  /** the new process: spawn → healthy */
  restartMs: number;
  /** kill → the first recipient delivered by the new process */
  resumeMs: number;
}

export interface BroadcastRun {
  database: string;
  run: 'clean' | 'crash' | 'shared';
  processes: number;
  recipients: number;
  /** the send call's latency: the notification and its outbox written in one transaction */
  enqueueMs: number;
  /** the call's answer → the notification done */
  deliveryMs: number;
  /** the call's start → done */
  endToEndMs: number;
  checks: DeliveryChecks;
  workers: WorkerShare[];
  crash: CrashFigures | null;
  /** GET /subscription/browse shows the notification done with every recipient sent */
  isBrowseDone: boolean;
}

export interface Queued {
  notificationId: number;
  count: number;
  startedAt: number;
  answeredAt: number;
}

export async function sendNotification(
  server: ServerProcess,
  target: BroadcastTarget,
  title: string,
): Promise<Queued> {
  const client = createClient(server.url, 2);
  try {
    const body = {
      channel_id: target.channelId,
      data: { type: 'text', title, redirect_type: 'web_wedgit' },
      values: [],
      platform: null,
      sub_count: 1,
    };
    const startedAt = performance.now();
    const answer = await expectOk(
      client.call('POST', '/api/subscription/send_to_subscribers', body, target.token),
      'send_to_subscribers',
    );
    const answeredAt = performance.now();
    return {
      notificationId: Number(answer.notification_id),
      count: Number(answer.count),
      startedAt,
      answeredAt,
    };
  } finally {
    client.close();
  }
}

/** Polls the counters every `everyMs` until the notification is done; `onProgress` may stop early (true). */
export async function pollUntil(
  target: BroadcastTarget,
  notificationId: number,
  everyMs: number,
  onProgress: (progress: Progress) => boolean = () => false,
  timeoutMs = 30 * 60_000,
): Promise<Progress> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const progress = await readProgress(target.db, notificationId);
    if (progress.status === 'done' || onProgress(progress)) return progress;
    if (performance.now() > deadline) throw new Error(`notification ${notificationId}: not done in time`);
    await sleep(everyMs);
  }
}

async function isDoneOnBrowse(server: ServerProcess, target: BroadcastTarget, notificationId: number) {
  const client = createClient(server.url, 2);
  try {
    const answer = await expectOk(
      client.call('GET', `/api/subscription/browse/${target.channelId}`, undefined, target.token),
      'browse',
    );
    const shown = (answer.notifications_pending as Record<string, unknown>[]).find(
      (notification) => notification.notification_id === notificationId,
    );
    return shown?.status === 'done' && shown.sent === shown.total && shown.pending === 0;
  } finally {
    client.close();
  }
}

async function finishRun(
  target: BroadcastTarget,
  server: ServerProcess,
  queued: Queued,
  doneAt: number,
  title: string,
  fields: { run: BroadcastRun['run']; processes: number; crash: CrashFigures | null },
): Promise<BroadcastRun> {
  const { notificationId } = queued;
  return {
    database: target.label,
    ...fields,
    recipients: queued.count,
    enqueueMs: queued.answeredAt - queued.startedAt,
    deliveryMs: doneAt - queued.answeredAt,
    endToEndMs: doneAt - queued.startedAt,
    checks: await checkDelivery(target.db, { ...target, notificationId, title }),
    workers: await readWorkerShares(target.db, notificationId),
    isBrowseDone: await isDoneOnBrowse(server, target, notificationId),
  };
}

/** Run 1: one process, one send to the whole channel, from the call to the last recipient. */
export async function runClean(target: BroadcastTarget, server: ServerProcess): Promise<BroadcastRun> {
  const title = `Broadcast bench ${target.tag} clean run`;
  const queued = await sendNotification(server, target, title);
  await pollUntil(target, queued.notificationId, 50);
  const doneAt = performance.now();
  return finishRun(target, server, queued, doneAt, title, { run: 'clean', processes: 1, crash: null });
}

/**
 * Run 2: `kill -9` of the process once half the recipients are sent, then a new process on the same database
 * finishes the send. Answers the run and the new process (the old one is gone).
 */
export async function runCrash(
  target: BroadcastTarget,
  server: ServerProcess,
): Promise<{ run: BroadcastRun; server: ServerProcess }> {
  const title = `Broadcast bench ${target.tag} crash run`;
  const queued = await sendNotification(server, target, title);
  let observedAtKill = 0;
  const beforeKill = await pollUntil(target, queued.notificationId, 50, (progress) => {
    observedAtKill = progress.sent;
    return progress.sent * 2 >= progress.total;
  });
  if (beforeKill.status === 'done') throw new Error('the send finished before the kill: poll faster');
  await server.killHard();
  const killedAt = performance.now();
  const { sent: sentAtKill } = await readProgress(target.db, queued.notificationId);
  const restarted = await target.startServer();
  const restartMs = performance.now() - killedAt;
  let resumedAt = 0;
  await pollUntil(target, queued.notificationId, 50, (progress) => {
    if (resumedAt === 0 && progress.sent > sentAtKill) resumedAt = performance.now();
    return false;
  });
  const doneAt = performance.now();
  if (resumedAt === 0) resumedAt = doneAt;
  const crash = { observedAtKill, sentAtKill, restartMs, resumeMs: resumedAt - killedAt };
  const run = await finishRun(target, restarted, queued, doneAt, title, {
    run: 'crash',
    processes: 1,
    crash,
  });
  return { run, server: restarted };
}

/** Run 3 (PostgreSQL): a second process on the same database; both deliver one send together. */
export async function runShared(
  target: BroadcastTarget,
  server: ServerProcess,
): Promise<{ run: BroadcastRun; second: ServerProcess }> {
  const second = await target.startServer();
  const title = `Broadcast bench ${target.tag} shared run`;
  const queued = await sendNotification(server, target, title);
  await pollUntil(target, queued.notificationId, 50);
  const doneAt = performance.now();
  const run = await finishRun(target, server, queued, doneAt, title, {
    run: 'shared',
    processes: 2,
    crash: null,
  });
  return { run, second };
}
