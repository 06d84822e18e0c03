import type { BotMessage } from '@hiwar/contracts';

/**
 * How often an open messenger asks for notices. A constant of its own: a value imported from @hiwar/contracts
 * brings zod and every schema into the frame's bundle (7 KB → 37 KB gzipped).
 */
const NOTICES_POLL_MS = 10_000;

export interface NoticeSource {
  notices(after: number): Promise<{ notice_id: number; message: BotMessage }[]>;
}

export interface NoticePollerOptions {
  source: NoticeSource;
  /** draws the messages in the conversation */
  show(messages: BotMessage[]): void;
  window: Pick<Window, 'setInterval' | 'clearInterval' | 'localStorage'>;
  /** where the last shown notice id is kept, so a reloaded page does not show a notice twice */
  storageKey: string;
  /** the newest notice already drawn (with the history): polling starts after it */
  shownUpTo?: number;
  intervalMs?: number;
}

function readLast(options: NoticePollerOptions): number {
  try {
    const value = Number(options.window.localStorage.getItem(options.storageKey) ?? '0');
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function saveLast(options: NoticePollerOptions, id: number): void {
  try {
    options.window.localStorage.setItem(options.storageKey, String(id));
  } catch {
    // storage refused (private mode): a reload may show the notice again
  }
}

/**
 * Messages the bot leaves for the sender outside a turn (the owner confirmed their order): asked for now and
 * every 10 s while the messenger is open, each shown once. A failed poll is skipped; the next one asks again.
 * Answers the function that stops polling.
 */
export function startNoticePolling(options: NoticePollerOptions): () => void {
  let last = Math.max(readLast(options), options.shownUpTo ?? 0);
  let isAsking = false;
  const poll = async () => {
    if (isAsking) return;
    isAsking = true;
    try {
      const notices = await options.source.notices(last);
      const fresh = notices.filter((notice) => notice.notice_id > last);
      if (fresh.length > 0) {
        options.show(fresh.map((notice) => notice.message));
        last = Math.max(...fresh.map((notice) => notice.notice_id));
        saveLast(options, last);
      }
    } catch {
      // offline or the server busy: the next poll asks again
    } finally {
      isAsking = false;
    }
  };
  void poll();
  const timer = options.window.setInterval(() => void poll(), options.intervalMs ?? NOTICES_POLL_MS);
  return () => options.window.clearInterval(timer);
}
