import type { BotMessage } from '@hiwar/contracts';

/**
 * How often an open messenger asks for notices. A constant of its own: a value imported from @hiwar/contracts
 * brings zod and every schema into the frame's bundle (7 KB → 37 KB gzipped).
 */
const NOTICES_POLL_MS = 10_000;
/** While a person answers the sender (a hand-over), their replies must arrive at once: the poll is this fast. */
const HANDOFF_POLL_MS = 1500;

/** The notices after the one asked from, and whether a person is answering the sender now. */
export interface NoticeBatch {
  notices: { notice_id: number; message: BotMessage }[];
  handoff: boolean;
}

export interface NoticeSource {
  notices(after: number): Promise<NoticeBatch>;
}

export interface NoticePollerOptions {
  source: NoticeSource;
  /** draws the messages in the conversation */
  show(messages: BotMessage[]): void;
  window: Pick<Window, 'setTimeout' | 'clearTimeout' | 'localStorage'>;
  /** where the last shown notice id is kept, so a reloaded page does not show a notice twice */
  storageKey: string;
  /** the newest notice already drawn (with the history): polling starts after it */
  shownUpTo?: number;
  intervalMs?: number;
  /** the interval while the sender is handed over to a person */
  handoffIntervalMs?: number;
}

export interface NoticePoller {
  stop(): void;
  /** asks at once (a reply just came: it may have handed the sender over), then on the usual schedule */
  pollSoon(): void;
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
 * Messages the bot leaves for the sender outside a turn (the owner confirmed their order, a person's reply during
 * a hand-over): asked for now and every 10 s while the messenger is open — every 1.5 s while a person answers the
 * sender (a reply must arrive within 2 s) — each shown once. A failed poll is skipped; the next one
 * asks again.
 */
export function startNoticePolling(options: NoticePollerOptions): NoticePoller {
  let last = Math.max(readLast(options), options.shownUpTo ?? 0);
  let isAsking = false;
  let isHandedOver = false;
  let isStopped = false;
  let timer: number | undefined;
  const schedule = () => {
    if (isStopped) return;
    options.window.clearTimeout(timer);
    const delay = isHandedOver
      ? (options.handoffIntervalMs ?? HANDOFF_POLL_MS)
      : (options.intervalMs ?? NOTICES_POLL_MS);
    timer = options.window.setTimeout(() => void poll(), delay);
  };
  const poll = async () => {
    if (isAsking || isStopped) return;
    isAsking = true;
    try {
      const batch = await options.source.notices(last);
      isHandedOver = batch.handoff;
      const fresh = batch.notices.filter((notice) => notice.notice_id > last);
      if (fresh.length > 0) {
        options.show(fresh.map((notice) => notice.message));
        last = Math.max(...fresh.map((notice) => notice.notice_id));
        saveLast(options, last);
      }
    } catch {
      // offline or the server busy: the next poll asks again
    } finally {
      isAsking = false;
      schedule();
    }
  };
  void poll();
  return {
    stop() {
      isStopped = true;
      options.window.clearTimeout(timer);
    },
    pollSoon() {
      void poll();
    },
  };
}
