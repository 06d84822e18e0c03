import type { BenchDatabase } from './bench-database.ts';

export interface Progress {
  status: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
}

/** The notification's counters, read from the database (moved in the transactions that deliver). */
export async function readProgress(db: BenchDatabase, notificationId: number): Promise<Progress> {
  const [row] = await db.query(
    'select status, total, sent, failed, skipped from notifications where id = ?',
    [notificationId],
  );
  if (!row) throw new Error(`notification ${notificationId} not found`);
  return {
    status: String(row.status),
    total: Number(row.total),
    sent: Number(row.sent),
    failed: Number(row.failed),
    skipped: Number(row.skipped),
  };
}

export interface DeliveryChecks {
  /** notices carrying the run's title */
  notices: number;
  /** senders with more than one of them */
  duplicates: number;
  /** active subscribers of the channel with none */
  lost: number;
  /** outbox rows still pending, claimed or sending */
  leftInOutbox: number;
  progress: Progress;
}

/** Exactly once, checked in the database: every subscriber has the run's notice once, nothing left to send. */
export async function checkDelivery(
  db: BenchDatabase,
  run: { notificationId: number; channelId: number; userId: number; title: string },
): Promise<DeliveryChecks> {
  const message = db.dialect === 'postgres' ? 'message::text' : 'message';
  const pattern = `%${run.title}%`;
  const [perSender] = await db.query(
    `select count(*) as senders, coalesce(sum(notices), 0) as notices,
        coalesce(sum(case when notices > 1 then 1 else 0 end), 0) as duplicates
      from (select platform, sender_id, count(*) as notices from sender_notices
        where user_id = ? and ${message} like ? group by platform, sender_id) as per_sender`,
    [run.userId, pattern],
  );
  const [lost] = await db.query(
    `select count(*) as lost from subscribers where channel_id = ? and status = 'active' and not exists (
        select 1 from sender_notices where sender_notices.user_id = subscribers.user_id
          and sender_notices.platform = subscribers.platform and sender_notices.sender_id = subscribers.sender_id
          and ${message.replace('message', 'sender_notices.message')} like ?)`,
    [run.channelId, pattern],
  );
  const [left] = await db.query(
    `select count(*) as left_rows from notification_outbox
      where notification_id = ? and status in ('pending', 'claimed', 'sending')`,
    [run.notificationId],
  );
  return {
    notices: Number(perSender.notices),
    duplicates: Number(perSender.duplicates),
    lost: Number(lost.lost),
    leftInOutbox: Number(left.left_rows),
    progress: await readProgress(db, run.notificationId),
  };
}

export function isExactlyOnce(checks: DeliveryChecks): boolean {
  const { progress } = checks;
  return (
    checks.duplicates === 0 &&
    checks.lost === 0 &&
    checks.leftInOutbox === 0 &&
    progress.status === 'done' &&
    progress.sent === progress.total
  );
}

export interface WorkerShare {
  worker: string;
  recipients: number;
  /** delivery transactions: the distinct settle times of its rows (one per batch) */
  batches: number;
  /** median and slowest time between one of its batches and its next, ms */
  medianBatchMs: number;
  maxBatchMs: number;
  firstSettledAt: number;
  lastSettledAt: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Who delivered what (`settled_by`) and how fast each worker's batches followed one another: every row of a
 * batch is settled with the same time, taken when the batch's rows were read.
 */
export async function readWorkerShares(db: BenchDatabase, notificationId: number): Promise<WorkerShare[]> {
  const rows = await db.query(
    `select settled_by, settled_at, count(*) as recipients from notification_outbox
      where notification_id = ? and settled_at is not null group by settled_by, settled_at
      order by settled_by, settled_at`,
    [notificationId],
  );
  const byWorker = new Map<string, { at: number; recipients: number }[]>();
  for (const row of rows) {
    const worker = String(row.settled_by);
    const batches = byWorker.get(worker) ?? [];
    batches.push({ at: new Date(row.settled_at).getTime(), recipients: Number(row.recipients) });
    byWorker.set(worker, batches);
  }
  return [...byWorker.entries()].map(([worker, batches]) => {
    const gaps = batches.slice(1).map((batch, index) => batch.at - (batches[index]?.at ?? batch.at));
    return {
      worker,
      recipients: batches.reduce((sum, batch) => sum + batch.recipients, 0),
      batches: batches.length,
      medianBatchMs: median(gaps),
      maxBatchMs: gaps.length === 0 ? 0 : Math.max(...gaps),
      firstSettledAt: batches[0]?.at ?? 0,
      lastSettledAt: batches.at(-1)?.at ?? 0,
    };
  });
}
