import { errorText } from '../error-text.ts';
import { type HeldRows, newWorkerId, takeBackStoppedHolders } from './worker-identity.ts';

export interface ClaimLoopOptions<Row> {
  /** what the loop works on, for its log ("channel updates", "deliveries") */
  what: string;
  /** claims up to `room` rows for this worker (a conditional update: two workers never take the same row) */
  claim(workerId: string, room: number): Promise<Row[]>;
  /** works on one claimed row; its own failures are its to record (a throw is only logged) */
  run(row: Row): Promise<void>;
  /** names a row in the log */
  idOf(row: Row): number;
  /** the rows workers hold, so a stopped worker's are taken back */
  held: HeldRows;
  /** a row held longer belongs to a stopped process */
  staleAfterMs: number;
  /** every worker on this database runs on this machine (SQLite) */
  onlyLocalWorkers: boolean;
  /** how often the table is looked at when nothing woke the loop */
  pollMs: number;
  /** rows worked on at once by this process */
  concurrency: number;
  log?: { warn(object: unknown, message: string): void };
}

export interface ClaimLoop {
  start(): void;
  /** look now (a row was stored, or one came due) */
  wake(): void;
  /** stops claiming and waits for the rows in hand */
  stop(): Promise<void>;
}

/**
 * A worker of one process over a table of claimable rows (channel updates, deliveries): looks when woken, else
 * every `pollMs`; claims as many rows as it has room for and works on them side by side; when one is done it
 * looks again. Every so often it takes back the rows of workers that stopped (worker-identity.ts).
 */
export function createClaimLoop<Row>(options: ClaimLoopOptions<Row>): ClaimLoop {
  const workerId = newWorkerId();
  const inProgress = new Set<Promise<void>>();
  const recoverEveryMs = Math.min(options.staleAfterMs / 2, 30_000);
  let timer: NodeJS.Timeout | null = null;
  let isRunning = false;
  let isTicking = false;
  let isWakeRequested = false;
  let lastRecoveryAt = 0;

  function launch(row: Row): void {
    const running = options
      .run(row)
      .catch((error: unknown) =>
        options.log?.warn(
          { id: options.idOf(row), error: errorText(error) },
          `${options.what}: bookkeeping failed`,
        ),
      )
      .finally(() => {
        inProgress.delete(running);
        wake();
      });
    inProgress.add(running);
  }

  async function claimWhileFree(): Promise<void> {
    if (Date.now() - lastRecoveryAt >= recoverEveryMs) {
      lastRecoveryAt = Date.now();
      await takeBackStoppedHolders(options.held, workerId, {
        onlyLocalWorkers: options.onlyLocalWorkers,
        staleAfterMs: options.staleAfterMs,
        onReleased: (heldBy, released) =>
          options.log?.warn({ heldBy, released }, `${options.what} of a stopped worker taken back`),
      });
    }
    const free = options.concurrency - inProgress.size;
    if (!isRunning || free <= 0) return;
    for (const row of await options.claim(workerId, free)) launch(row);
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
      options.log?.warn({ error: errorText(error) }, `${options.what}: the table could not be read`);
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
    timer = setTimeout(() => void tick(), options.pollMs);
    timer.unref();
  }

  function wake(): void {
    if (!isRunning) return;
    if (timer) clearTimeout(timer);
    timer = null;
    void tick();
  }

  return {
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
