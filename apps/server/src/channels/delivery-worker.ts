import type { StoredChatbot } from '../modules/chatbot/chatbot-service.ts';
import { appendTurnTrace } from '../modules/runtime/index.ts';
import { platformSenderOf } from '../modules/subscriptions/platform-senders.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Database } from '../platform/db/database.ts';
import { type ClaimLoop, createClaimLoop } from '../platform/jobs/claim-loop.ts';
import type { ChannelAdapter } from './channel-adapter.ts';
import { chatbotOfOwner } from './channel-chatbots.ts';
import {
  claimDeliveries,
  type DeliveryOutcome,
  listSendingHolders,
  recordPartsSent,
  releaseDeliveryHolder,
  type StoredDelivery,
  settleDelivery,
} from './delivery-repository.ts';
import { backoffMs, durationText, verdictOf } from './delivery-verdict.ts';

export interface DeliveryWorkerOptions {
  db: Database;
  secrets: SecretBox;
  adapters: readonly ChannelAdapter[];
  log?: { warn(object: unknown, message: string): void };
  /** the clock retries are planned by (tests move it) */
  now?: () => Date;
  /** in [0, 1): the jitter of the backoff */
  random?: () => number;
  /** how often due deliveries are looked for when nothing woke the worker (default 1 s) */
  pollMs?: number;
  /** chats sent to at once by this process (default 32) */
  concurrency?: number;
  /** a delivery being sent for longer belongs to a dead process (default 5 min) */
  staleAfterMs?: number;
  onlyLocalWorkers?: boolean;
}

export type DeliveryWorker = ClaimLoop;

/** The step the turn's trace says where its replies stand in (one entry, the newest). */
export const DELIVERY_STEP = 'delivery';

const PLATFORM_NAMES: Record<string, string> = {
  telegram: 'Telegram',
  facebook: 'Messenger',
  whatsapp: 'WhatsApp',
  google_chat: 'Google Chat',
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends what waits in `deliveries` (issue #25 item 1; README.md here): each chat's oldest first and nothing of a
 * chat while an earlier delivery of it is unsettled, so replies arrive in order; different chats side by side. A
 * try that fails for a reason that may pass (a 5xx, an unreachable platform, a 429) is planned again — after the
 * platform's retry_after of any length, else with growing backoff and jitter — until the delivery's expiry
 * (DELIVERY_RETRY_HOURS after it was queued); a definite refusal settles it at once. The turn's trace says where
 * its replies stand once a try failed ("waiting for Telegram (retry 4 in 2 min)", "delivered after 4 tries"). A retry goes on after the platform
 * calls an earlier try got through. A process that died while sending leaves its deliveries to be taken back.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, secrets } = options;
  const adapters = new Map(options.adapters.map((adapter) => [adapter.platform, adapter]));
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;

  const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

  async function trace(delivery: StoredDelivery, note: string): Promise<void> {
    if (delivery.turnId === null) return;
    await appendTurnTrace(
      db,
      delivery.turnId,
      { step: DELIVERY_STEP, note, ms: 0 },
      { replacing: DELIVERY_STEP },
    );
  }

  /** Sends the delivery's messages, going on after the calls an earlier try got through; answers what degraded. */
  async function send(
    delivery: StoredDelivery,
    adapter: ChannelAdapter,
    chatbot: StoredChatbot,
  ): Promise<string[]> {
    if (delivery.purpose === 'notice') {
      // a notice goes as the platform's broadcasts do (Messenger outside its 24-hour window takes a tag)
      const sendNotice = platformSenderOf(db, delivery.platform);
      if (!sendNotice) throw new Error(`the ${delivery.platform} channel is not connected`);
      const recipient = { userId: delivery.userId, platform: delivery.platform, senderId: delivery.senderId };
      for (const message of delivery.messages) await sendNotice(recipient, message);
      return [];
    }
    const { degraded } = await adapter.send(
      chatbot,
      delivery.senderId,
      delivery.messages,
      { db },
      {
        skip: delivery.partsSent,
        // after the last call no record is needed: the delivery is settled delivered right after it
        onSent: async (accepted, calls) => {
          if (accepted < calls) await recordPartsSent(db, delivery.id, accepted);
        },
      },
    );
    return degraded;
  }

  /** The outcome of a failed try: wait and try again, or stop (refused; past the expiry). */
  function outcomeOf(delivery: StoredDelivery, error: unknown): { outcome: DeliveryOutcome; note: string } {
    const name = platformName(delivery.platform);
    const verdict = verdictOf(error);
    if (verdict.kind === 'refused') {
      return {
        outcome: { status: 'refused', error: verdict.reason },
        note: `refused by ${name}: ${verdict.reason}`,
      };
    }
    const at = now();
    const waitMs = verdict.afterMs ?? backoffMs(delivery.attempts, random);
    const nextAt = new Date(at.getTime() + waitMs);
    if (nextAt.getTime() > new Date(delivery.expiresAt).getTime()) {
      const note = `not delivered: ${name} did not take it before ${delivery.expiresAt} (${verdict.reason})`;
      return { outcome: { status: 'expired', error: verdict.reason }, note };
    }
    const note = `waiting for ${name} (retry ${delivery.attempts + 1} in ${durationText(waitMs)}): ${verdict.reason}`;
    return { outcome: { status: 'pending', error: verdict.reason, nextAt }, note };
  }

  async function deliver(delivery: StoredDelivery): Promise<void> {
    const adapter = adapters.get(delivery.platform);
    const chatbot = await chatbotOfOwner(db, delivery.userId, secrets);
    if (!adapter?.isEnabled(chatbot)) {
      const reason = `the ${delivery.platform} channel is switched off`;
      await settleDelivery(db, delivery.id, { status: 'refused', error: reason });
      await trace(delivery, `not sent: ${reason}`);
      return;
    }
    try {
      const degraded = await send(delivery, adapter, chatbot);
      await settleDelivery(db, delivery.id, { status: 'delivered' });
      // what the platform could not show as it is, in the turn's trace where the owner reads the conversation
      if (degraded.length > 0 && delivery.turnId !== null) {
        const note = `degraded: ${degraded.join('; ')}`.slice(0, 500);
        await appendTurnTrace(db, delivery.turnId, { step: adapter.channel, note, ms: 0 });
      }
      // a reply taken at the first try needs no note (the transcript says delivered): the turn's trace is written
      // only once something happened, so the everyday path costs no read and write of the turn
      if (delivery.attempts > 1) await trace(delivery, `delivered after ${delivery.attempts} tries`);
    } catch (error) {
      const { outcome, note } = outcomeOf(delivery, error);
      if (outcome.status !== 'pending') {
        options.log?.warn({ deliveryId: delivery.id, error: errorText(error) }, `delivery ${outcome.status}`);
      }
      await settleDelivery(db, delivery.id, outcome);
      await trace(delivery, note.slice(0, 500));
    }
  }

  return createClaimLoop({
    what: 'deliveries',
    claim: (workerId, room) => claimDeliveries(db, workerId, room, now()),
    run: deliver,
    idOf: (delivery) => delivery.id,
    held: {
      listHolders: () => listSendingHolders(db),
      release: (holder) => releaseDeliveryHolder(db, holder),
    },
    staleAfterMs: options.staleAfterMs ?? 5 * 60_000,
    onlyLocalWorkers: options.onlyLocalWorkers ?? false,
    pollMs: options.pollMs ?? 1000,
    concurrency: options.concurrency ?? 32,
    ...(options.log && { log: options.log }),
  });
}
