import type { BotMessage } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { StoredChatbot } from '../modules/chatbot/chatbot-service.ts';
import { findTurnReplies, handleEvent, type RuntimeDeps } from '../modules/runtime/index.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Database } from '../platform/db/database.ts';
import { errorText } from '../platform/error-text.ts';
import { type ClaimLoop, createClaimLoop } from '../platform/jobs/claim-loop.ts';
import type { ChannelAdapter } from './channel-adapter.ts';
import { chatbotOfOwner } from './channel-chatbots.ts';
import { enqueueDelivery } from './delivery-repository.ts';
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
  /** DELIVERY_RETRY_HOURS: how long the replies are tried again before they are given up (default 24) */
  retryHours?: number;
  /** the clock deliveries are planned by (the delivery worker's) */
  now?: () => Date;
  /** replies were queued: wakes the delivery worker */
  onQueued?: () => void;
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

export type UpdateProcessor = ClaimLoop;

/**
 * Processes the stored updates of every channel (DESIGN.md §7): a sender's updates one at a time in the order
 * they arrived, different senders side by side. Each update becomes a turn of the runtime, stored in one
 * transaction with the update marked answered and the turn's replies queued in `deliveries`, which the delivery
 * worker sends (delivery-worker.ts); why a turn failed is kept on the update. An update left running by a process
 * that died is taken again on restart.
 */
export function createUpdateProcessor(options: UpdateProcessorOptions): UpdateProcessor {
  const { db, secrets } = options;
  const adapters = new Map(options.adapters.map((adapter) => [adapter.channel, adapter]));
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 32;
  const staleAfterMs = options.staleAfterMs ?? 2 * 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const delayMs = options.delayMs ?? testUpdateDelayMs();
  const retryHours = options.retryHours ?? 24;
  const clock = options.now ?? (() => new Date());

  /** Queues a turn's replies for the sender's chat, in the turn's transaction (or again: queued once). */
  async function enqueueReplies(
    trx: Database,
    update: StoredUpdate,
    adapter: ChannelAdapter,
    turnId: number,
    replies: readonly BotMessage[],
    lang?: Lang,
    replyTo?: string,
  ): Promise<void> {
    if (replies.length === 0) return;
    const now = clock();
    await enqueueDelivery(trx, {
      userId: update.userId,
      platform: adapter.platform,
      senderId: update.senderId,
      purpose: 'reply',
      turnId,
      messages: replies,
      ...(lang !== undefined && { lang }),
      ...(replyTo !== undefined && { replyTo }),
      now,
      expiresAt: new Date(now.getTime() + retryHours * 3_600_000),
    });
  }

  /**
   * Answers an update: a new turn, whose replies are queued for delivery in the transaction that stores it and
   * marks the update answered — or, when its process died after that commit, the replies of the turn stored for
   * it (queued once: a second enqueue changes nothing), so a turn never runs twice. Answers whether replies were
   * queued.
   */
  async function answer(
    update: StoredUpdate,
    chatbot: StoredChatbot,
    adapter: ChannelAdapter,
  ): Promise<boolean> {
    if (update.turnId !== null) {
      const replies = await findTurnReplies(db, update.turnId);
      if (replies !== null) {
        await enqueueReplies(db, update, adapter, update.turnId, replies);
        return replies.length > 0;
      }
    }
    const input = await adapter.toTurn(update, chatbot, { db });
    if (!input) return false;
    const handled = await handleEvent(
      { ...options.runtime, db },
      {
        chatbot,
        sender: { platform: adapter.platform, senderId: update.senderId, ...input.sender },
        event: input.event,
        ...(input.locale !== undefined && { locale: input.locale }),
        afterStored: async (trx, storedTurnId, replies, lang) => {
          await markAnswered(trx, update.id, storedTurnId);
          await enqueueReplies(trx, update, adapter, storedTurnId, replies, lang, input.replyTo);
        },
      },
    );
    return handled.replies.length > 0;
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
    let isQueued: boolean;
    try {
      isQueued = await answer(update, chatbot, adapter);
    } catch (error) {
      const isLast = update.attempts >= maxAttempts;
      options.log?.warn({ updateId: update.id, error: errorText(error) }, 'channel update: the turn failed');
      await settleUpdate(db, update.id, { status: isLast ? 'failed' : 'pending', error: errorText(error) });
      return;
    }
    // the turn is stored and its replies wait in `deliveries` until the platform takes them
    await settleUpdate(db, update.id, { status: 'done' });
    if (isQueued) options.onQueued?.();
  }

  return createClaimLoop({
    what: 'channel updates',
    claim: (workerId, room) => claimUpdates(db, workerId, room),
    run: process,
    idOf: (update) => update.id,
    held: { listHolders: () => listRunningHolders(db), release: (holder) => releaseHolder(db, holder) },
    staleAfterMs,
    onlyLocalWorkers: options.onlyLocalWorkers ?? false,
    pollMs,
    concurrency,
    ...(options.log && { log: options.log }),
  });
}
