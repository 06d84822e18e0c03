import {
  claimNoticeRelay,
  listNoticesToRelay,
  recordRelayError,
} from '../modules/commerce/notice-repository.ts';
import { platformSenderOf } from '../modules/subscriptions/platform-senders.ts';
import { nowIso } from '../platform/db/clock.ts';
import type { Database } from '../platform/db/database.ts';

export interface NoticeRelayOptions {
  db: Database;
  /** the platforms whose senders get notices through their channel */
  platforms: readonly string[];
  log?: { warn(object: unknown, message: string): void };
  /** how often notices are looked for (default 2 s) */
  pollMs?: number;
}

/**
 * Notices left for a sender outside a turn (an order confirmed — modules/commerce) reach a sender on a messaging
 * channel through that channel, as the web messenger shows them. Each is claimed (`relayed_at`) before it is
 * sent, so two processes send it once; a send that fails (after the channel's own retries) keeps its reason.
 */
export function startNoticeRelay(options: NoticeRelayOptions): { stop(): Promise<void> } {
  const { db } = options;
  let isRunning = true;
  let current: Promise<void> | null = null;

  async function relay(): Promise<void> {
    for (const notice of await listNoticesToRelay(db, options.platforms, 50)) {
      if (!isRunning) return;
      if (!(await claimNoticeRelay(db, notice.id, nowIso()))) continue;
      const send = platformSenderOf(db, notice.platform);
      try {
        if (!send) throw new Error(`the ${notice.platform} channel is not connected`);
        await send(
          { userId: notice.userId, platform: notice.platform, senderId: notice.senderId },
          notice.message,
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.log?.warn(
          { noticeId: notice.id, error: reason },
          'a notice could not be relayed to its channel',
        );
        await recordRelayError(db, notice.id, reason);
      }
    }
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
