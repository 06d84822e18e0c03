import type { FakeTelegram } from '../../apps/server/src/testing/channels/telegram/fake-telegram-api.ts';
import type { ServerProcess } from '../chat/server-process.ts';
import type { BenchDatabase } from './bench-database.ts';
import { type Progress, readProgress } from './broadcast-checks.ts';
import { TELEGRAM_CHAT_BASE } from './broadcast-data.ts';
import { type BroadcastTarget, pollUntil, type Queued, sendNotification } from './broadcast-runs.ts';

/**
 * The Telegram runs of bench:broadcast: a send to the Telegram subscribers of a second channel (private chats
 * TELEGRAM_CHAT_BASE + 1 … + count), delivered by the server's dispatcher through the Telegram adapter to the
 * strict fake Bot API, which runs in the bench process. What the fake received is the truth for "exactly once":
 * one sendMessage with the run's title per chat. The outbox rows say what the server believes (sent, failed,
 * and why).
 */
export interface TelegramTarget extends BroadcastTarget {
  fake: FakeTelegram;
  botToken: string;
  subscribers: number;
}

export interface TelegramChecks {
  /** successful sendMessage calls with the run's title, and the distinct chats they went to */
  messages: number;
  chats: number;
  /** chats that got the run's message more than once */
  duplicates: number;
  /** subscribed chats that got no message and whose row is not failed either */
  missing: number;
  /** sendMessage calls of the run the fake answered 429 */
  answered429: number;
  /** the run's outbox rows by status */
  outbox: Record<string, number>;
  /** rows failed as interrupted (sending when their process died) */
  interrupted: number;
  /** rows failed whose chat got the message anyway (the request went out, the process died before settling) */
  failedButReceived: number;
  /** rows `sent` whose chat the fake never saw */
  sentButNotReceived: number;
  /** rows neither sent, failed nor skipped */
  lost: number;
  /** failed rows by their error (its first 120 characters) */
  failedReasons: Record<string, number>;
  progress: Progress;
}

export interface TelegramRun {
  database: string;
  run: 'telegram' | 'telegram 429' | 'telegram crash';
  recipients: number;
  enqueueMs: number;
  deliveryMs: number;
  endToEndMs: number;
  /** 429s the bench asked the fake for (failNext), and the sent count when each was queued */
  injected429: number[];
  crash: { sentAtKill: number; sendingAtKill: number; restartMs: number } | null;
  checks: TelegramChecks;
}

async function checkTelegram(target: TelegramTarget, notificationId: number, title: string) {
  const perChat = new Map<number, number>();
  let answered429 = 0;
  for (const call of target.fake.calls) {
    if (call.method !== 'sendMessage' || call.token !== target.botToken) continue;
    if (!String(call.body.text ?? '').includes(title)) continue;
    if (call.status === 429) answered429 += 1;
    if (call.status !== 200) continue;
    const chat = Number(call.body.chat_id);
    perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
  }
  const rows = await target.db.query(
    'select sender_id, status, error from notification_outbox where notification_id = ?',
    [notificationId],
  );
  const outbox: Record<string, number> = {};
  let interrupted = 0;
  let failedButReceived = 0;
  let sentButNotReceived = 0;
  const failedChats = new Set<number>();
  const failedReasons: Record<string, number> = {};
  for (const row of rows) {
    const status = String(row.status);
    const chat = Number(row.sender_id);
    outbox[status] = (outbox[status] ?? 0) + 1;
    if (status === 'failed') {
      failedChats.add(chat);
      const reason = String(row.error ?? '').slice(0, 120);
      failedReasons[reason] = (failedReasons[reason] ?? 0) + 1;
      if (/interrupted/i.test(String(row.error ?? ''))) interrupted += 1;
      if (perChat.has(chat)) failedButReceived += 1;
    }
    if (status === 'sent' && !perChat.has(chat)) sentButNotReceived += 1;
  }
  let missing = 0;
  for (let index = 1; index <= target.subscribers; index += 1) {
    const chat = TELEGRAM_CHAT_BASE + index;
    if (!perChat.has(chat) && !failedChats.has(chat)) missing += 1;
  }
  const counts = [...perChat.values()];
  return {
    messages: counts.reduce((sum, count) => sum + count, 0),
    chats: perChat.size,
    duplicates: counts.filter((count) => count > 1).length,
    missing,
    answered429,
    outbox,
    interrupted,
    failedButReceived,
    sentButNotReceived,
    failedReasons,
    lost: rows.length - (outbox.sent ?? 0) - (outbox.failed ?? 0) - (outbox.skipped ?? 0),
    progress: await readProgress(target.db, notificationId),
  } satisfies TelegramChecks;
}

/** Longest wait for a Telegram send: the rate it runs at on this machine is a few hundred a second at least. */
const timeoutOf = (target: TelegramTarget) => Math.max(120_000, target.subscribers * 20);

async function finish(
  target: TelegramTarget,
  queued: Queued,
  doneAt: number,
  title: string,
  fields: Pick<TelegramRun, 'run' | 'injected429' | 'crash'>,
): Promise<TelegramRun> {
  return {
    database: target.label,
    ...fields,
    recipients: queued.count,
    enqueueMs: queued.answeredAt - queued.startedAt,
    deliveryMs: doneAt - queued.answeredAt,
    endToEndMs: doneAt - queued.startedAt,
    checks: await checkTelegram(target, queued.notificationId, title),
  };
}

/** One send to every Telegram subscriber, from the call to the notification done. */
export async function runTelegramClean(target: TelegramTarget, server: ServerProcess): Promise<TelegramRun> {
  const title = `Broadcast bench ${target.tag} telegram run`;
  const queued = await sendNotification(server, target, title);
  await pollUntil(target, queued.notificationId, 50, undefined, timeoutOf(target));
  const doneAt = performance.now();
  return finish(target, queued, doneAt, title, { run: 'telegram', injected429: [], crash: null });
}

/**
 * As runTelegramClean, but the fake answers one sendMessage with 429 (retry_after 1 s) each time the send
 * passes 30, 40, 50, 60 and 70 % — a flood wait mid-send, five times.
 */
export async function runTelegram429(target: TelegramTarget, server: ServerProcess): Promise<TelegramRun> {
  const title = `Broadcast bench ${target.tag} telegram 429 run`;
  const thresholds = [0.3, 0.4, 0.5, 0.6, 0.7];
  const injected429: number[] = [];
  const queued = await sendNotification(server, target, title);
  await pollUntil(
    target,
    queued.notificationId,
    50,
    (progress) => {
      const next = thresholds[injected429.length];
      if (next !== undefined && progress.sent >= progress.total * next) {
        target.fake.failNext('sendMessage', 429, { retryAfter: 1 });
        injected429.push(progress.sent);
      }
      return false;
    },
    timeoutOf(target),
  );
  const doneAt = performance.now();
  return finish(target, queued, doneAt, title, { run: 'telegram 429', injected429, crash: null });
}

async function countSending(db: BenchDatabase, notificationId: number): Promise<number> {
  const [row] = await db.query(
    "select count(*) as n from notification_outbox where notification_id = ? and status = 'sending'",
    [notificationId],
  );
  return Number(row?.n ?? 0);
}

/**
 * `kill -9` of the server once half the chats are sent, then a new process on the same database finishes the
 * send: a row `sending` at the kill may or may not have reached Telegram, so it is failed ("interrupted"),
 * never sent again. Answers the run and the new process.
 */
export async function runTelegramCrash(
  target: TelegramTarget,
  server: ServerProcess,
): Promise<{ run: TelegramRun; server: ServerProcess }> {
  const title = `Broadcast bench ${target.tag} telegram crash run`;
  const queued = await sendNotification(server, target, title);
  const beforeKill = await pollUntil(
    target,
    queued.notificationId,
    50,
    (progress) => progress.sent * 2 >= progress.total,
    timeoutOf(target),
  );
  if (beforeKill.status === 'done') throw new Error('the Telegram send finished before the kill');
  await server.killHard();
  const killedAt = performance.now();
  const { sent: sentAtKill } = await readProgress(target.db, queued.notificationId);
  const sendingAtKill = await countSending(target.db, queued.notificationId);
  const restarted = await target.startServer();
  const restartMs = performance.now() - killedAt;
  await pollUntil(target, queued.notificationId, 50, undefined, timeoutOf(target));
  const doneAt = performance.now();
  const run = await finish(target, queued, doneAt, title, {
    run: 'telegram crash',
    injected429: [],
    crash: { sentAtKill, sendingAtKill, restartMs },
  });
  return { run, server: restarted };
}
