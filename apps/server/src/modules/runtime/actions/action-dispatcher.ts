import type { Database } from '../../../platform/db/database.ts';
import { errorText } from '../../../platform/error-text.ts';
import {
  claimDueActions,
  releaseStaleActions,
  type StoredAction,
  settleAction,
} from './action-repository.ts';

/** Sends one action; a rejection is its failure (the message is kept on the action, never shown to the sender). */
export type PerformAction = (stored: StoredAction) => Promise<void>;

export interface ActionDispatcherOptions {
  db: Database;
  perform: PerformAction;
  log?: { warn(object: unknown, message: string): void };
  /** how often the queue is looked at when nothing woke the dispatcher (default 2 s) */
  pollMs?: number;
  /** a running action claimed longer ago belongs to a dead process (default 5 min) */
  staleAfterMs?: number;
  now?: () => Date;
}

export interface ActionDispatcher {
  start(): void;
  /** Looks at the queue now (a turn with actions was just stored). */
  wake(): void;
  /** Stops looking and waits for the actions in progress. */
  stop(): Promise<void>;
}

/**
 * Mail is tried three times (a mail server's hiccup passes), 30 s and 2 min apart. An api action is tried once:
 * the owner's endpoint may not be idempotent, and "fire and forget" should never fire twice on purpose.
 */
const RETRY_DELAYS_MS: Record<StoredAction['action']['kind'], number[]> = {
  mail: [30_000, 120_000],
  api: [],
};

const BATCH = 20;

/** Sends the queued actions of stored turns, oldest first, one at a time per process. */
export function createActionDispatcher(options: ActionDispatcherOptions): ActionDispatcher {
  const { db, perform } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 2000;
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let isRunning = false;
  let current: Promise<void> | null = null;
  let isWakeRequested = false;
  let lastRecoveryAt = 0;

  async function runOne(stored: StoredAction): Promise<void> {
    try {
      await perform(stored);
      await settleAction(db, stored.id, { status: 'done' });
    } catch (error) {
      const delays = RETRY_DELAYS_MS[stored.action.kind] ?? [];
      const delay = delays[stored.attempts - 1];
      const message = errorText(error);
      options.log?.warn(
        { actionId: stored.id, turnId: stored.turnId, error: message },
        `${stored.action.kind} action failed`,
      );
      if (delay === undefined) await settleAction(db, stored.id, { status: 'failed', error: message });
      else
        await settleAction(db, stored.id, {
          status: 'pending',
          error: message,
          retryAt: new Date(now().getTime() + delay),
        });
    }
  }

  async function drain(): Promise<void> {
    if (now().getTime() - lastRecoveryAt > staleAfterMs / 2) {
      lastRecoveryAt = now().getTime();
      await releaseStaleActions(db, now(), staleAfterMs);
    }
    for (;;) {
      isWakeRequested = false;
      const claimed = await claimDueActions(db, now(), BATCH);
      for (const stored of claimed) await runOne(stored);
      if (claimed.length < BATCH && !isWakeRequested) return;
      if (!isRunning) return;
    }
  }

  function tick(): void {
    if (!isRunning) return;
    if (current) {
      isWakeRequested = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    current = drain()
      .catch((error: unknown) =>
        options.log?.warn({ error: errorText(error) }, 'turn actions: the queue could not be read'),
      )
      .finally(() => {
        current = null;
        if (isRunning) timer = setTimeout(tick, isWakeRequested ? 0 : pollMs);
      });
  }

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      tick();
    },
    wake() {
      if (isRunning) tick();
    },
    async stop() {
      isRunning = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}

const dispatchers = new WeakMap<Database, ActionDispatcher>();

/** The dispatcher of a database's actions in this process (set by the runtime's module when the server starts). */
export function setActionDispatcher(db: Database, dispatcher: ActionDispatcher | null): void {
  if (dispatcher) dispatchers.set(db, dispatcher);
  else dispatchers.delete(db);
}

/** Wakes this process's dispatcher after a turn with actions was stored; without one they wait in the table. */
export function wakeActionDispatcher(db: Database): void {
  dispatchers.get(db)?.wake();
}
