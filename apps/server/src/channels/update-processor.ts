import type { BotMessage } from '@hiwar/contracts';
import type { StoredChatbot } from '../modules/chatbot/chatbot-service.ts';
import { appendTurnTrace, findTurnReplies, handleEvent, type RuntimeDeps } from '../modules/runtime/index.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Database } from '../platform/db/database.ts';
import { isHolderGone, newWorkerId } from '../platform/jobs/worker-identity.ts';
import type { ChannelAdapter } from './channel-adapter.ts';
import { chatbotOfOwner } from './channel-chatbots.ts';
import {
  claimUpdates,
  listRunningHolders,
  markAnswered,
  releaseHolder,
  type StoredUpdate,
  settleUpdate,
} from './update-repository.ts';

export interface UpdateProcessorOptions {
  db: Database;
  secrets: SecretBox;
  adapters: readonly ChannelAdapter[];
  runtime?: Omit<RuntimeDeps, 'db'>;
  log?: { warn(object: unknown, message: string): void };
  /** how often the inbox is looked at when no webhook woke the processor (default 1 s) */
  pollMs?: number;
  /** updates of different senders processed at once by this process (default 32) */
  concurrency?: number;
  /** a running update claimed longer ago belongs to a dead process (default 2 min) */
  staleAfterMs?: number;
  /** every processor on this database runs on this machine (SQLite) */
  onlyLocalWorkers?: boolean;
  /** attempts at an update whose turn failed before it is given up (default 3) */
  maxAttempts?: number;
  /** test-only: how long each update waits after it is claimed (testUpdateDelayMs) */
  delayMs?: number;
}

/**
 * Test-only: `HIWAR_TEST_UPDATE_DELAY_MS` holds every claimed update that long before it is answered, so a
 * process test can kill the server between the acknowledgement and the answer (channels/update-crash.test.ts).
 * Never set it in production; unset or 0 means no delay.
 */
export function testUpdateDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const delay = Number(env.HIWAR_TEST_UPDATE_DELAY_MS ?? 0);
  return Number.isInteger(delay) && delay > 0 ? delay : 0;
}

export interface UpdateProcessor {
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Processes the stored updates of every channel (DESIGN.md §7): a sender's updates one at a time in the order
 * they arrived, different senders side by side. Each update becomes a turn of the runtime (stored in its own
 * transaction), whose replies the channel's adapter sends; the outcome — the turn, or why it failed — is kept on
 * the update. An update left running by a process that died is taken again on restart.
 */
export function createUpdateProcessor(options: UpdateProcessorOptions): UpdateProcessor {
  const { db, secrets } = options;
  const adapters = new Map(options.adapters.map((adapter) => [adapter.channel, adapter]));
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 32;
  const staleAfterMs = options.staleAfterMs ?? 2 * 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const delayMs = options.delayMs ?? testUpdateDelayMs();
  const holderCheck = { onlyLocalWorkers: options.onlyLocalWorkers ?? false };
  const workerId = newWorkerId();
  const inProgress = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let isRunning = false;
  let isTicking = false;
  let isWakeRequested = false;
  let lastRecoveryAt = 0;

  /**
   * The turn that answers an update: the one stored for it already — its process died before the replies went
   * out, so they are sent (again) but the turn is not run twice — else a new one, marked on the update in the
   * transaction that stores it. null: the update asks for nothing.
   */
  async function turnFor(
    update: StoredUpdate,
    chatbot: StoredChatbot,
    adapter: ChannelAdapter,
  ): Promise<{ turnId: number; replies: BotMessage[] } | null> {
    if (update.turnId !== null) {
      const replies = await findTurnReplies(db, update.turnId);
      if (replies !== null) return { turnId: update.turnId, replies };
    }
    const input = await adapter.toTurn(update, chatbot, { db });
    if (!input) return null;
    const handled = await handleEvent(
      { ...options.runtime, db },
      {
        chatbot,
        sender: { platform: adapter.platform, senderId: update.senderId, ...input.sender },
        event: input.event,
        ...(input.locale !== undefined && { locale: input.locale }),
        afterStored: (trx, storedTurnId) => markAnswered(trx, update.id, storedTurnId),
      },
    );
    return { turnId: handled.turnId, replies: handled.replies };
  }

  async function process(update: StoredUpdate): Promise<void> {
    const adapter = adapters.get(update.channel);
    if (!adapter) {
      await settleUpdate(db, update.id, { status: 'failed', error: `no adapter for ${update.channel}` });
      return;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const chatbot = await chatbotOfOwner(db, update.userId, secrets);
    if (!adapter.isEnabled(chatbot)) {
      await settleUpdate(db, update.id, {
        status: 'failed',
        error: `the ${update.channel} channel is switched off`,
      });
      return;
    }
    let answer: { turnId: number; replies: BotMessage[] } | null;
    try {
      answer = await turnFor(update, chatbot, adapter);
    } catch (error) {
      const isLast = update.attempts >= maxAttempts;
      options.log?.warn({ updateId: update.id, error: errorText(error) }, 'channel update: the turn failed');
      await settleUpdate(db, update.id, { status: isLast ? 'failed' : 'pending', error: errorText(error) });
      return;
    }
    if (!answer) {
      await settleUpdate(db, update.id, { status: 'done' });
      return;
    }
    const { turnId, replies } = answer;
    try {
      const { degraded } = await adapter.send(chatbot, update.senderId, replies, { db });
      // what the platform could not show as it is, in the turn's trace where the owner reads the conversation
      if (degraded.length > 0) {
        await appendTurnTrace(db, turnId, {
          step: update.channel,
          note: `degraded: ${degraded.join('; ')}`,
          ms: 0,
        });
      }
      await settleUpdate(db, update.id, {
        status: 'done',
        turnId,
        error: degraded.length > 0 ? `degraded: ${degraded.join('; ')}` : null,
      });
    } catch (error) {
      // the turn is stored; the reply could not be delivered: kept with the update, never sent twice
      options.log?.warn(
        { updateId: update.id, error: errorText(error) },
        'channel update: the reply was not sent',
      );
      await settleUpdate(db, update.id, {
        status: 'failed',
        turnId,
        error: `send failed: ${errorText(error)}`,
      });
      // and on the turn, where the owner reads the conversation
      await appendTurnTrace(db, turnId, {
        step: update.channel,
        note: `send failed: ${errorText(error)}`.slice(0, 500),
        ms: 0,
      }).catch(() => undefined);
    }
  }

  async function recover(): Promise<void> {
    const staleBefore = Date.now() - staleAfterMs;
    for (const { holder, oldest } of await listRunningHolders(db)) {
      if (holder === workerId) continue;
      const isStale = oldest !== '' && new Date(oldest).getTime() < staleBefore;
      if (isStale || isHolderGone(holder, holderCheck)) {
        const released = await releaseHolder(db, holder);
        options.log?.warn({ heldBy: holder, released }, 'channel updates of a stopped worker taken back');
      }
    }
  }

  function launch(update: StoredUpdate): void {
    const running = process(update)
      .catch((error: unknown) =>
        options.log?.warn(
          { updateId: update.id, error: errorText(error) },
          'channel update bookkeeping failed',
        ),
      )
      .finally(() => {
        inProgress.delete(running);
        wake();
      });
    inProgress.add(running);
  }

  async function claimWhileFree(): Promise<void> {
    if (Date.now() - lastRecoveryAt >= Math.min(staleAfterMs / 2, 30_000)) {
      lastRecoveryAt = Date.now();
      await recover();
    }
    const free = concurrency - inProgress.size;
    if (!isRunning || free <= 0) return;
    for (const update of await claimUpdates(db, workerId, free)) launch(update);
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
      options.log?.warn({ error: errorText(error) }, 'channel updates: the inbox could not be read');
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
