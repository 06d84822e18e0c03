import { claimNoticeRelay, listNoticesToRelay } from '../modules/notices/notice-repository.ts';
import { nowIso } from '../platform/db/clock.ts';
import type { Database } from '../platform/db/database.ts';
import { enqueueDelivery } from './delivery-repository.ts';

export interface NoticeRelayOptions {
  db: Database;
  /** the platforms whose senders get notices through their channel */
  platforms: readonly string[];
  log?: { warn(object: unknown, message: string): void };
  /** how often notices are looked for (default 2 s) */
  pollMs?: number;
  /** DELIVERY_RETRY_HOURS (default 24) */
  retryHours?: number;
  /** the delivery worker's clock */
  now?: () => Date;
  /** notices were queued: wakes the delivery worker */
  onQueued?: () => void;
}

/**
 * Notices left for a sender outside a turn (an order confirmed, an owner's reply during a hand-over, the bot
 * taking the conversation back) reach a sender on a messaging channel through that channel, as the web messenger
 * shows them: each is marked relayed and queued in `deliveries` in one transaction — once, however many processes
 * look — behind the chat's replies still waiting, and the delivery worker sends it (delivery-worker.ts).
 */
export function startNoticeRelay(options: NoticeRelayOptions): { stop(): Promise<void> } {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const retryMs = (options.retryHours ?? 24) * 3_600_000;
  let isRunning = true;
  let current: Promise<void> | null = null;

  async function relay(): Promise<void> {
    let queued = 0;
    for (const notice of await listNoticesToRelay(db, options.platforms, 50)) {
      if (!isRunning) break;
      const isQueued = await db.transaction().execute(async (trx) => {
        if (!(await claimNoticeRelay(trx, notice.id, nowIso()))) return false;
        const at = now();
        await enqueueDelivery(trx, {
          userId: notice.userId,
          platform: notice.platform,
          senderId: notice.senderId,
          purpose: 'notice',
          noticeId: notice.id,
          messages: [notice.message],
          now: at,
          expiresAt: new Date(at.getTime() + retryMs),
        });
        return true;
      });
      if (isQueued) queued += 1;
    }
    if (queued > 0) options.onQueued?.();
  }

  const timer = setInterval(() => {
    if (current || !isRunning) return;
    current = relay()
      .catch((error: unknown) => options.log?.warn({ error: String(error) }, 'notice relay failed'))
      .finally(() => {
        current = null;
      });
  }, options.pollMs ?? 2000);
  timer.unref();

  return {
    async stop() {
      isRunning = false;
      clearInterval(timer);
      await current;
    },
  };
}
