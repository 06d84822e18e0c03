import type { StoredChatbot } from '../modules/chatbot/chatbot-service.ts';
import { findNoticeAbout } from '../modules/notices/notice-repository.ts';
import { appendTurnTrace } from '../modules/runtime/index.ts';
import { platformSenderOf } from '../modules/subscriptions/platform-senders.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Database } from '../platform/db/database.ts';
import { errorText } from '../platform/error-text.ts';
import { backoffMs } from '../platform/jobs/backoff.ts';
import { type ClaimLoop, createClaimLoop } from '../platform/jobs/claim-loop.ts';
import { ANSWER_WAIT_MS, type ChannelAdapter } from './channel-adapter.ts';
import { chatbotOfOwner } from './channel-chatbots.ts';
import {
  callForwardBackoffs,
  claimDeliveries,
  type DeliveryOutcome,
  listSendingHolders,
  recordPartsSent,
  releaseDeliveryHolder,
  type StoredDelivery,
  settleDelivery,
} from './delivery-repository.ts';
import { durationText, verdictOf } from './delivery-verdict.ts';

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
  /** how long a call waits for the platform's answer before its outcome is unknown (default 30 s) */
  timeoutMs?: number;
  /** after a WhatsApp call got no answer, how long its status webhook is waited for before it is sent again (60 s) */
  receiptWaitMs?: number;
  /** chats sent to at once by this process (default 32) */
  concurrency?: number;
  /** a delivery being sent for longer belongs to a dead process (default 5 min) */
  staleAfterMs?: number;
  onlyLocalWorkers?: boolean;
}

export type DeliveryWorker = ClaimLoop;

/** The step the turn's trace says where its replies stand in (one entry, the newest). */
export const DELIVERY_STEP = 'delivery';

/** the longest retry_after taken as the bot's overall rate, which pauses all its chats (see pausedUntil) */
const PAUSE_LONGEST_MS = 5000;

const PLATFORM_NAMES: Record<string, string> = {
  telegram: 'Telegram',
  facebook: 'Messenger',
  whatsapp: 'WhatsApp',
  google_chat: 'Google Chat',
};

/**
 * Sends what waits in `deliveries` (README.md here): each chat's oldest first and nothing of a chat while an
 * earlier delivery of it is unsettled, so replies arrive in order; different chats side by side. A try that
 * fails for a reason that may pass (a 5xx, an unreachable platform, a 429) is planned again — after the
 * platform's retry_after of any length, else with growing backoff and jitter — until the delivery's expiry
 * (DELIVERY_RETRY_HOURS after it was queued); a definite refusal of the chat settles it at once, while a
 * message the platform refused for itself is recorded and the rest goes on. A call waits `timeoutMs` (30 s)
 * for its answer; one that got none is sent again as its platform allows (the adapter's `unanswered`). The
 * turn's trace says where its replies stand once a try failed ("waiting for Telegram (retry 4 in 2 min)",
 * "delivered after 4 tries"). A retry goes on after the platform calls an earlier try got through. A process
 * that died while sending leaves its deliveries to be taken back.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, secrets } = options;
  const adapters = new Map(options.adapters.map((adapter) => [adapter.platform, adapter]));
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? ANSWER_WAIT_MS;
  const receiptWaitMs = options.receiptWaitMs ?? 60_000;
  /**
   * An owner's platform that answered a 429 asking to wait a moment (retry_after ≤ 5 s: the bot's overall rate,
   * Telegram's 30 a second): until then this process claims none of that owner's deliveries to it, so a backlog
   * drains at the platform's rate instead of spending calls — and writes — on refusals. A longer wait is usually
   * one chat's (a group's 20 a minute) and is kept by that chat alone. Keyed `${userId}\u0000${platform}`.
   */
  const pausedUntil = new Map<string, { userId: number; platform: string; until: number }>();
  const pauseKey = (delivery: { userId: number; platform: string }) =>
    `${delivery.userId}\u0000${delivery.platform}`;

  function pausedPlatforms(): { userId: number; platform: string }[] {
    const at = now().getTime();
    for (const [key, pause] of pausedUntil) if (pause.until <= at) pausedUntil.delete(key);
    return [...pausedUntil.values()];
  }

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

  /** What one try did: whether it got calls through, and what the platform said of them. */
  interface Try {
    delivery: StoredDelivery;
    adapter: ChannelAdapter;
    /** calls were taken (or refused for themselves) in this try: the next call has had no unanswered try */
    advanced: boolean;
  }

  /** Sends the delivery's messages, going on after the calls an earlier try got through; answers what degraded. */
  async function send(attempt: Try, chatbot: StoredChatbot): Promise<string[]> {
    const { delivery, adapter } = attempt;
    if (delivery.purpose === 'notice') {
      // a notice goes as the platform's broadcasts do (Messenger outside its 24-hour window takes a tag)
      const sending = platformSenderOf(db, delivery.platform);
      if (!sending) throw new Error(`the ${delivery.platform} channel is not connected`);
      const recipient = { userId: delivery.userId, platform: delivery.platform, senderId: delivery.senderId };
      const about =
        delivery.noticeId === null ? null : await findNoticeAbout(db, delivery.userId, delivery.noticeId);
      // WhatsApp takes nothing but a template 24 hours after the customer last wrote: an order confirmation goes
      // as the owner's template for it; anything else is refused, saying why, rather than dropped by WhatsApp
      const { window } = sending;
      if (window && !(await window.isOpen(recipient))) {
        if (about?.kind !== 'order_confirmed' || !window.sendNoticeTemplate)
          throw new Error(window.closedReason);
        await window.sendNoticeTemplate(recipient, about);
        return [];
      }
      for (const message of delivery.messages) await sending.send(recipient, message, about);
      return [];
    }
    let skip = delivery.partsSent;
    // a call that got no answer, which WhatsApp's status webhook has since reported sent: not sent again
    const isReceived =
      adapter.unanswered === 'receipt' &&
      delivery.unansweredTries > 0 &&
      delivery.partReceived !== null &&
      delivery.partReceived >= skip;
    if (isReceived) {
      skip += 1;
      await recordPartsSent(db, delivery.id, skip);
      attempt.advanced = true;
    }
    const { degraded } = await adapter.send(
      chatbot,
      delivery.senderId,
      delivery.messages,
      { db },
      {
        skip,
        timeoutMs,
        key: delivery.key,
        ...(delivery.replyTo !== null && { replyTo: delivery.replyTo }),
        ...(delivery.lang !== null && { lang: delivery.lang }),
        // after the last call no record is needed: the delivery is settled delivered right after it
        onSent: async (handled, calls) => {
          attempt.advanced = true;
          if (handled < calls) await recordPartsSent(db, delivery.id, handled);
        },
        // a message the platform refused for itself is recorded, and the rest of the turn goes on
        onFailed: async (error, index, calls) => {
          const verdict = verdictOf(error);
          if (verdict.kind !== 'skipped') return false;
          attempt.advanced = true;
          await recordPartsSent(db, delivery.id, index + 1, verdict.reason);
          if (delivery.turnId !== null) {
            const note = `refused: message ${index + 1} of ${calls}: ${verdict.reason}`.slice(0, 500);
            await appendTurnTrace(db, delivery.turnId, { step: adapter.channel, note, ms: 0 });
          }
          return true;
        },
      },
    );
    return degraded;
  }

  /** The outcome of a failed try: wait and try again, or stop (refused; past the expiry; twice unanswered). */
  function outcomeOf(attempt: Try, error: unknown): { outcome: DeliveryOutcome; note: string } {
    const { delivery, adapter } = attempt;
    const name = platformName(delivery.platform);
    const verdict = verdictOf(error);
    if (verdict.kind !== 'retry') {
      return {
        outcome: { status: 'refused', error: verdict.reason },
        note: `refused by ${name}: ${verdict.reason}`,
      };
    }
    // how often the call now due went out without an answer (this try included)
    const unansweredBefore = attempt.advanced ? 0 : delivery.unansweredTries;
    const unansweredTries = unansweredBefore + (verdict.unanswered ? 1 : 0);
    const seconds = Math.round(timeoutMs / 1000);
    if (verdict.unanswered && adapter.unanswered === 'once' && unansweredTries > 1) {
      // Telegram and Messenger cannot be asked whether they took it: a third send could show it a third time
      const reason = `no answer from ${name} in ${seconds} s, twice; it may have arrived (${verdict.reason})`;
      return {
        outcome: { status: 'unanswered', error: reason },
        note: `not sent again: ${reason}`,
      };
    }
    const at = now();
    const backoff = verdict.afterMs ?? backoffMs(delivery.attempts, random);
    const waitMs =
      verdict.unanswered && adapter.unanswered === 'receipt' ? Math.max(backoff, receiptWaitMs) : backoff;
    const nextAt = new Date(at.getTime() + waitMs);
    if (nextAt.getTime() > new Date(delivery.expiresAt).getTime()) {
      const note = `not delivered: ${name} did not take it before ${delivery.expiresAt} (${verdict.reason})`;
      return { outcome: { status: 'expired', error: verdict.reason }, note };
    }
    const reason = verdict.unanswered ? `no answer in ${seconds} s (${verdict.reason})` : verdict.reason;
    const note = `waiting for ${name} (retry ${delivery.attempts + 1} in ${durationText(waitMs)}): ${reason}`;
    const isPlatformWait = verdict.afterMs !== null;
    return { outcome: { status: 'pending', error: reason, nextAt, unansweredTries, isPlatformWait }, note };
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
    const attempt: Try = { delivery, adapter, advanced: false };
    let degraded: string[];
    try {
      degraded = await send(attempt, chatbot);
    } catch (error) {
      const { outcome, note } = outcomeOf(attempt, error);
      if (
        outcome.status === 'pending' &&
        outcome.isPlatformWait &&
        outcome.nextAt.getTime() - now().getTime() <= PAUSE_LONGEST_MS
      ) {
        const key = pauseKey(delivery);
        const until = Math.max(pausedUntil.get(key)?.until ?? 0, outcome.nextAt.getTime());
        pausedUntil.set(key, { userId: delivery.userId, platform: delivery.platform, until });
      }
      if (outcome.status !== 'pending') {
        options.log?.warn({ deliveryId: delivery.id, error: errorText(error) }, `delivery ${outcome.status}`);
      }
      // the note first: whoever sees the delivery settled finds the trace saying why
      await trace(delivery, note.slice(0, 500));
      await settleDelivery(db, delivery.id, outcome);
      return;
    }
    try {
      // what the platform could not show as it is, in the turn's trace where the owner reads the conversation
      if (degraded.length > 0 && delivery.turnId !== null) {
        const note = `degraded: ${degraded.join('; ')}`.slice(0, 500);
        await appendTurnTrace(db, delivery.turnId, { step: adapter.channel, note, ms: 0 });
      }
      // a reply taken at the first try needs no note (the transcript says delivered): the turn's trace is written
      // only once something happened, so the everyday path costs no read and write of the turn
      if (delivery.attempts > 1) await trace(delivery, `delivered after ${delivery.attempts} tries`);
    } catch (error) {
      // the platform has it all: a note that could not be written must not send it again
      options.log?.warn({ deliveryId: delivery.id, error: errorText(error) }, 'delivery note not written');
    }
    await settleDelivery(db, delivery.id, { status: 'delivered' });
    // a retry got through: the platform is back, and the owner's backlog for it need not sleep out its backoff
    if (delivery.attempts > 1) {
      const called = await callForwardBackoffs(db, delivery.userId, delivery.platform, now());
      if (called > 0) loop.wake();
    }
  }

  const loop: DeliveryWorker = createClaimLoop({
    what: 'deliveries',
    claim: (workerId, room) => claimDeliveries(db, workerId, room, now(), pausedPlatforms()),
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
  return loop;
}
