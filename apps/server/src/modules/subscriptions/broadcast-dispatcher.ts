import { subscriptionMessages, type WhatsappTemplate } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { errorText } from '../../platform/error-text.ts';
import { backoffMs } from '../../platform/jobs/backoff.ts';
import { isHolderGone, newWorkerId } from '../../platform/jobs/worker-identity.ts';
import { findChannelTemplate } from './channel-repository.ts';
import { dataOf, listSendingNotifications, type NotificationRow } from './notification-repository.ts';
import {
  claimRecipients,
  deferRecipient,
  deliverWebBatch,
  finishIfSettled,
  isSubscriberActive,
  listOutboxHolders,
  listPendingPlatforms,
  markSending,
  type OutboxRecipient,
  recoverHolder,
  releaseClaimed,
  settleRecipient,
} from './outbox-repository.ts';
import {
  DEFAULT_BROADCAST_RATES,
  type PlatformSending,
  platformSenderOf,
  type Recipient,
  RetryLater,
} from './platform-senders.ts';
import { renderNotification, templateParamsOf } from './render-notification.ts';
import { KeyedBuckets, TokenBucket } from './token-bucket.ts';

export interface BroadcastDispatcherOptions {
  db: Database;
  /** messages per second by platform and `<platform>_chat` (config BROADCAST_RATES over the defaults) */
  rates?: Record<string, number>;
  log?: { warn(object: unknown, message: string): void };
  /** how often the outbox is looked at when nothing woke the dispatcher (default 1 s) */
  pollMs?: number;
  /** web recipients delivered per transaction (default 500) */
  batchSize?: number;
  /** a claim older than this belongs to a dead process (default 5 min) */
  staleAfterMs?: number;
  /** every dispatcher on this database runs on this machine (SQLite): see platform/jobs/worker-identity.ts */
  onlyLocalWorkers?: boolean;
  /** the wait before a recipient's try `attempt + 1` after the platform failed (default backoffMs: 2 s, 6 s…) */
  retryWaitMs?: (attempt: number) => number;
}

/** Tries of a recipient the platform keeps failing (a 5xx, unreachable): about 1.6 hours with the backoff. */
export const BROADCAST_TRIES = 10;

/**
 * The platform failed in a way a later try may not (a 5xx, unreachable: its client's `isRetryable`), and surely
 * did not take the message: a call that got no answer may have been sent, and a broadcast never sends twice.
 */
function isWorthRetrying(error: unknown): boolean {
  const failure = error as { isRetryable?: unknown; isUnanswered?: unknown } | null;
  return failure?.isRetryable === true && failure.isUnanswered !== true;
}

export interface BroadcastDispatcher {
  readonly workerId: string;
  start(): void;
  /** Looks at the outbox now (a send was just queued). */
  wake(): void;
  /** Stops, waits for the deliveries in progress and gives back the recipients it claimed but did not try. */
  stop(): Promise<void>;
}

/**
 * Sends queued notifications (modules/subscriptions/README.md). Web messenger recipients are delivered 500 to a
 * transaction (notices plus the settled outbox rows: exactly once, even across `kill -9`); a throttled
 * platform's recipients are claimed a few seconds' worth at a time and sent one by one through its channel,
 * within its token buckets, each marked `sending` just before its request — after a crash such a row is failed,
 * never sent again. Any number of processes may run one on the same database.
 */
export function createBroadcastDispatcher(options: BroadcastDispatcherOptions): BroadcastDispatcher {
  const { db } = options;
  const rates = { ...DEFAULT_BROADCAST_RATES, ...options.rates };
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  const holderCheck = { onlyLocalWorkers: options.onlyLocalWorkers ?? false };
  const retryWaitMs = options.retryWaitMs ?? ((attempt: number) => backoffMs(attempt, Math.random));
  const workerId = newWorkerId();
  const buckets = new Map<string, TokenBucket>();
  const chatBuckets = new Map<string, KeyedBuckets>();
  const platformTasks = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let isRunning = false;
  let current: Promise<void> | null = null;
  let isWakeRequested = false;
  let lastRecoveryAt = 0;

  function bucketOf(platform: string): TokenBucket | null {
    const rate = rates[platform];
    if (rate === undefined) return null;
    let bucket = buckets.get(platform);
    if (!bucket) {
      bucket = new TokenBucket(rate);
      buckets.set(platform, bucket);
    }
    return bucket;
  }

  function chatBucketOf(platform: string, senderId: string): TokenBucket | null {
    const rate = rates[`${platform}_chat`];
    if (rate === undefined) return null;
    let keyed = chatBuckets.get(platform);
    if (!keyed) {
      keyed = new KeyedBuckets(rate);
      chatBuckets.set(platform, keyed);
    }
    return keyed.of(senderId);
  }

  async function recover(): Promise<void> {
    const staleBefore = Date.now() - staleAfterMs;
    for (const { holder, oldest } of await listOutboxHolders(db)) {
      if (holder === workerId) continue;
      const isStale = oldest !== '' && new Date(oldest).getTime() < staleBefore;
      if (isStale || isHolderGone(holder, holderCheck)) {
        await recoverHolder(db, holder);
        options.log?.warn({ heldBy: holder }, 'broadcast: recipients of a stopped worker taken back');
      }
    }
  }

  /**
   * What goes to one recipient, each a platform call: the notification's messages, or — on a platform whose
   * messaging window has closed for the recipient (WhatsApp, 24 h) — the channel's template; a text when nothing
   * may go, the recipient's failure.
   */
  async function sendsOf(
    notification: NotificationRow,
    target: Recipient,
    sending: PlatformSending,
    template: WhatsappTemplate | null,
  ): Promise<(() => Promise<void>)[] | string> {
    const data = dataOf(notification);
    const { window } = sending;
    if (window && !(await window.isOpen(target))) {
      if (!template) return subscriptionMessages.outsideWindowNoTemplate;
      const params = templateParamsOf(template, data);
      if (params === null) return subscriptionMessages.templateParamEmpty;
      return [
        () => window.sendTemplate(target, { name: template.name, language: template.language, params }),
      ];
    }
    return renderNotification(data).map((message) => () => sending.send(target, message));
  }

  async function sendOne(
    notification: NotificationRow,
    recipient: OutboxRecipient,
    template: WhatsappTemplate | null,
  ): Promise<void> {
    const { id } = notification;
    if (!(await isSubscriberActive(db, recipient.subscriberId))) {
      await settleRecipient(db, id, recipient.id, 'skipped', workerId);
      return;
    }
    const sending = platformSenderOf(db, recipient.platform);
    if (!sending) {
      await settleRecipient(
        db,
        id,
        recipient.id,
        'failed',
        workerId,
        `the ${recipient.platform} channel is not connected`,
      );
      return;
    }
    const target = {
      userId: notification.user_id,
      platform: recipient.platform,
      senderId: recipient.senderId,
    };
    // a switched-off channel says so before its window is looked at
    const sends = await sendsOf(notification, target, sending, template).catch((error: unknown) =>
      errorText(error).slice(0, 500),
    );
    if (typeof sends === 'string') {
      await settleRecipient(db, id, recipient.id, 'failed', workerId, sends);
      return;
    }
    const bucket = bucketOf(recipient.platform);
    const chatBucket = chatBucketOf(recipient.platform, recipient.senderId);
    if (!(await markSending(db, recipient.id, workerId))) return;
    let delivered = 0;
    try {
      for (const send of sends) {
        await bucket?.take();
        await chatBucket?.take();
        await send();
        delivered += 1;
      }
      await settleRecipient(db, id, recipient.id, 'sent', workerId);
    } catch (error) {
      if (error instanceof RetryLater && delivered === 0) {
        bucket?.pause(error.retryAfterMs);
        await deferRecipient(db, recipient.id, new Date(Date.now() + error.retryAfterMs));
        return;
      }
      // the platform having a bad minute: this recipient is tried again later, with growing waits
      const attempt = recipient.attempts + 1;
      if (isWorthRetrying(error) && delivered === 0 && attempt < BROADCAST_TRIES) {
        await deferRecipient(db, recipient.id, new Date(Date.now() + retryWaitMs(attempt)), errorText(error));
        return;
      }
      await settleRecipient(db, id, recipient.id, 'failed', workerId, errorText(error).slice(0, 500));
    }
  }

  /** Sends a notification's recipients on one throttled platform, a few seconds' worth claimed at a time. */
  async function runPlatform(notification: NotificationRow, platform: string): Promise<void> {
    const claimSize = Math.max(1, Math.min(200, Math.ceil((rates[platform] ?? 50) * 5)));
    // only a platform with a messaging window sends the channel's template (WhatsApp's, the one it may have)
    const template = platformSenderOf(db, platform)?.window
      ? await findChannelTemplate(db, notification.channel_id)
      : null;
    while (isRunning) {
      const claimed = await claimRecipients(db, notification.id, platform, workerId, claimSize);
      if (claimed.length === 0) return;
      for (const [index, recipient] of claimed.entries()) {
        if (!isRunning) {
          await releaseClaimed(db, [workerId]);
          return;
        }
        try {
          await sendOne(notification, recipient, template);
        } catch (error) {
          options.log?.warn(
            { recipient: recipient.id, error: errorText(error) },
            'broadcast: recipient not settled',
          );
          // the rest of this claim goes back to the queue; the row that failed to settle is recovered later
          if (index < claimed.length - 1) await releaseClaimed(db, [workerId]);
          return;
        }
      }
    }
  }

  function startPlatformTask(notification: NotificationRow, platform: string): void {
    const key = `${notification.id}:${platform}`;
    if (platformTasks.has(key)) return;
    const task = runPlatform(notification, platform)
      .catch((error: unknown) =>
        options.log?.warn({ error: errorText(error), key }, 'broadcast: platform task failed'),
      )
      .finally(() => {
        platformTasks.delete(key);
        wake();
      });
    platformTasks.set(key, task);
  }

  async function drain(): Promise<void> {
    if (Date.now() - lastRecoveryAt > Math.min(staleAfterMs / 2, 30_000)) {
      lastRecoveryAt = Date.now();
      await recover();
    }
    for (const notification of await listSendingNotifications(db)) {
      const messages = renderNotification(dataOf(notification));
      const target = { id: notification.id, userId: notification.user_id };
      // unthrottled unless the operator names `web` in BROADCAST_RATES: then a batch is a second's worth at most
      const webBucket = bucketOf('web');
      const webBatch = webBucket ? Math.max(1, Math.min(batchSize, Math.floor(webBucket.rate))) : batchSize;
      for (;;) {
        if (!isRunning) return;
        await webBucket?.take(undefined, webBatch);
        const settled = await deliverWebBatch(db, target, () => messages, webBatch, workerId);
        if (settled === 0) break;
        // one transaction a batch; other queries of this process run between them
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (!isRunning) return;
      for (const platform of await listPendingPlatforms(db, notification.id)) {
        if (platform !== 'web') startPlatformTask(notification, platform);
      }
      await finishIfSettled(db, notification.id);
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
    isWakeRequested = false;
    current = drain()
      .catch((error: unknown) =>
        options.log?.warn({ error: errorText(error) }, 'broadcast: the outbox could not be read'),
      )
      .finally(() => {
        current = null;
        if (isRunning) timer = setTimeout(tick, isWakeRequested ? 0 : pollMs);
      });
  }

  function wake(): void {
    if (isRunning) tick();
  }

  return {
    workerId,
    start() {
      if (isRunning) return;
      isRunning = true;
      tick();
    },
    wake,
    async stop() {
      isRunning = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
      await Promise.allSettled([...platformTasks.values()]);
      await releaseClaimed(db, [workerId]).catch(() => 0);
    },
  };
}

const dispatchers = new WeakMap<Database, BroadcastDispatcher>();

export function setBroadcastDispatcher(db: Database, dispatcher: BroadcastDispatcher | null): void {
  if (dispatcher) dispatchers.set(db, dispatcher);
  else dispatchers.delete(db);
}

/** Wakes this process's dispatcher after a send was queued; without one the send waits in the outbox. */
export function wakeBroadcastDispatcher(db: Database): void {
  dispatchers.get(db)?.wake();
}
