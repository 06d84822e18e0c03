import { isoAfter } from '../db/clock.ts';
import type { Database } from '../db/database.ts';
import { errorText } from '../error-text.ts';
import {
  claimNextJob,
  finishJob,
  insertJob,
  isSingletonLive,
  type Job,
  listRunningJobs,
  type NewJob,
  recoverStaleJobs,
  releaseAbandonedJob,
  touchJob,
} from './job-repository.ts';
import { isHolderGone, newWorkerId } from './worker-identity.ts';

export interface JobContext {
  /** Marks the job alive; call it between long steps so a slow job is not taken for abandoned. */
  heartbeat(): Promise<void>;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  log?: { error(object: unknown, message: string): void; warn?(object: unknown, message: string): void };
  /** how often the queue is looked at when nothing woke the runner (default 1 s) */
  pollMs?: number;
  /**
   * a running job whose heartbeat is older than this belongs to a dead process (default 10 min); a job whose
   * holder is known to be gone (worker-identity.ts) is taken back at once
   */
  staleAfterMs?: number;
  /** every runner on this database is on this machine (SQLite): see HolderCheck (default false) */
  onlyLocalWorkers?: boolean;
  /** attempts before a failing job is marked failed (default 3) */
  maxAttempts?: number;
  /** jobs run at once by this process, each for a different owner (default 2) */
  concurrency?: number;
  workerId?: string;
}

export interface JobRunner {
  readonly workerId: string;
  /** Queues a job (durably) and wakes this runner; null when a live job holds the same singleton key. */
  enqueue(job: NewJob): Promise<number | null>;
  isLive(singletonKey: string): Promise<boolean>;
  start(): void;
  /** Looks at the queue now instead of at the next poll. */
  wake(): void;
  /** Stops claiming and waits for the jobs in progress. */
  stop(): Promise<void>;
}

/**
 * A small durable job runner over the `jobs` table, the same on SQLite and PostgreSQL: any number of
 * processes may run one against the same database. A job is claimed by exactly one worker, an owner has at
 * most one job running, and a failing job is retried up to `maxAttempts` times. A job left running by a
 * process that is gone is queued again: on start (and every recovery pass) when its holder was a process of
 * this machine that no longer runs — a server restarted after a crash frees its jobs at once — and otherwise
 * after `staleAfterMs` without a heartbeat. A live process's job is never taken.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const pollMs = options.pollMs ?? 1000;
  const staleAfterMs = options.staleAfterMs ?? 10 * 60 * 1000;
  const maxAttempts = options.maxAttempts ?? 3;
  const concurrency = options.concurrency ?? 2;
  const workerId = options.workerId ?? newWorkerId();
  const holderCheck = { onlyLocalWorkers: options.onlyLocalWorkers ?? false };
  const kinds = Object.keys(handlers);
  const inProgress = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let isRunning = false;
  let isTicking = false;
  let isWakeRequested = false;
  let lastRecoveryAt = 0;
  // a dead worker's jobs are looked for now and then, not on every poll
  const recoveryEveryMs = Math.min(staleAfterMs / 2, 60_000);

  async function runJob(job: Job): Promise<void> {
    const handler = handlers[job.kind];
    const context: JobContext = { heartbeat: () => touchJob(db, job.id, workerId) };
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, context);
      await finishJob(db, job.id, workerId, { status: 'done' });
    } catch (error) {
      options.log?.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      const message = errorText(error);
      const status = job.attempts >= maxAttempts ? 'failed' : 'queued';
      await finishJob(db, job.id, workerId, { status, error: message });
    }
  }

  function launch(job: Job): void {
    const running = runJob(job)
      .catch((error: unknown) => options.log?.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        inProgress.delete(running);
        wake();
      });
    inProgress.add(running);
  }

  /** Jobs whose holder is gone (a crashed earlier incarnation of this server, on start) or went stale. */
  async function recoverAbandonedJobs(): Promise<void> {
    await recoverStaleJobs(db, isoAfter(-staleAfterMs), maxAttempts);
    for (const job of await listRunningJobs(db)) {
      if (job.claimedBy === workerId || !isHolderGone(job.claimedBy, holderCheck)) continue;
      if (await releaseAbandonedJob(db, job, maxAttempts))
        options.log?.warn?.({ jobId: job.id, heldBy: job.claimedBy }, 'job of a stopped worker taken back');
    }
  }

  async function claimWhileFree(): Promise<void> {
    if (Date.now() - lastRecoveryAt >= recoveryEveryMs) {
      lastRecoveryAt = Date.now();
      await recoverAbandonedJobs();
    }
    while (isRunning && inProgress.size < concurrency) {
      const job = await claimNextJob(db, kinds, workerId);
      if (!job) return;
      launch(job);
    }
  }

  async function tick(): Promise<void> {
    if (!isRunning) return;
    if (isTicking) {
      isWakeRequested = true;
      return;
    }
    isTicking = true;
    try {
      await claimWhileFree();
    } catch (error) {
      options.log?.error({ err: error }, 'job queue poll failed');
    } finally {
      isTicking = false;
    }
    if (isWakeRequested) {
      isWakeRequested = false;
      void tick();
    } else schedule();
  }

  function schedule(): void {
    if (!isRunning) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), pollMs);
    timer.unref();
  }

  function wake(): void {
    if (!isRunning) return;
    if (timer) clearTimeout(timer);
    timer = null;
    void tick();
  }

  return {
    workerId,
    async enqueue(job) {
      const id = await insertJob(db, job);
      if (id !== null) wake();
      return id;
    },
    isLive: (singletonKey) => isSingletonLive(db, singletonKey),
    start() {
      if (isRunning) return;
      isRunning = true;
      wake();
    },
    wake,
    async stop() {
      isRunning = false;
      if (timer) clearTimeout(timer);
      timer = null;
      while (isTicking) await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.allSettled([...inProgress]);
    },
  };
}
