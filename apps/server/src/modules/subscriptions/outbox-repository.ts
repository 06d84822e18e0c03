/**
 * The outbox of a send (`notification_outbox`): claiming recipients, delivering and settling them with their
 * notification's counters, and taking back a stopped worker's rows (broadcast-dispatcher.ts).
 */
import type { BotMessage } from '@hiwar/contracts';
import { sql } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import { type Database, dialectOf } from '../../platform/db/database.ts';
import { insertNotices } from '../notices/notice-repository.ts';
import type { OutboxStatus, SubscriptionTables } from './subscription-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<SubscriptionTables>();
}

export interface OutboxRecipient {
  id: number;
  subscriberId: number;
  platform: string;
  senderId: string;
  attempts: number;
}

/** `for update skip locked` on PostgreSQL: another process's transaction skips the rows this one holds. */
function skipLocked(db: Database) {
  return dialectOf(db) === 'postgres' ? sql` for update of notification_outbox skip locked` : sql``;
}

/**
 * Delivers up to `limit` pending web messenger recipients of a notification in one transaction: each active
 * subscriber's messages become notices the messenger shows, an unsubscribed one is skipped, the rows are
 * settled and the counters moved — all or nothing, so a killed process neither loses nor repeats one. On
 * PostgreSQL several processes deliver one notification together without taking the same rows. Answers how
 * many rows it settled (0: none left for this process).
 */
export async function deliverWebBatch(
  db: Database,
  notification: { id: number; userId: number },
  render: (recipient: OutboxRecipient) => BotMessage[],
  limit: number,
  workerId: string,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{
      id: number;
      subscriber_id: number;
      platform: string;
      sender_id: string;
      attempts: number;
      active: number;
    }>`select notification_outbox.id, notification_outbox.subscriber_id, notification_outbox.platform,
        notification_outbox.sender_id, notification_outbox.attempts,
        case when subscribers.status = 'active' then 1 else 0 end as active
      from notification_outbox
      join subscribers on subscribers.id = notification_outbox.subscriber_id
      where notification_outbox.notification_id = ${notification.id}
        and notification_outbox.status = 'pending' and notification_outbox.platform = 'web'
      order by notification_outbox.id limit ${limit}${skipLocked(trx)}`.execute(trx);
    if (rows.rows.length === 0) return 0;
    const at = nowIso(now);
    const sentIds: number[] = [];
    const skippedIds: number[] = [];
    const notices: { platform: string; senderId: string; message: BotMessage }[] = [];
    for (const row of rows.rows) {
      const recipient = {
        id: Number(row.id),
        subscriberId: Number(row.subscriber_id),
        platform: row.platform,
        senderId: row.sender_id,
        attempts: Number(row.attempts),
      };
      if (Number(row.active) !== 1) {
        skippedIds.push(recipient.id);
        continue;
      }
      sentIds.push(recipient.id);
      for (const message of render(recipient))
        notices.push({ platform: row.platform, senderId: row.sender_id, message });
    }
    await insertNotices(trx, notification.userId, notices, at);
    await settleRows(trx, sentIds, 'sent', null, at, workerId);
    await settleRows(trx, skippedIds, 'skipped', null, at, workerId);
    await moveCounters(trx, notification.id, { sent: sentIds.length, skipped: skippedIds.length });
    return rows.rows.length;
  });
}

async function settleRows(
  db: Database,
  ids: number[],
  status: OutboxStatus,
  error: string | null,
  at: string,
  workerId: string | null,
): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    await tablesOf(db)
      .updateTable('notification_outbox')
      .set({ status, error, settled_at: at, settled_by: workerId, claimed_by: null })
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  }
}

async function moveCounters(
  db: Database,
  notificationId: number,
  by: { sent?: number; failed?: number; skipped?: number },
): Promise<void> {
  const sent = by.sent ?? 0;
  const failed = by.failed ?? 0;
  const skipped = by.skipped ?? 0;
  if (sent + failed + skipped === 0) return;
  await tablesOf(db)
    .updateTable('notifications')
    .set((eb) => ({
      sent: eb('sent', '+', sent),
      failed: eb('failed', '+', failed),
      skipped: eb('skipped', '+', skipped),
    }))
    .where('id', '=', notificationId)
    .execute();
}

/**
 * Claims up to `limit` due recipients of a notification on a throttled platform for this worker (pending →
 * claimed, committed): they are then sent one by one, each marked `sending` before its request.
 */
export async function claimRecipients(
  db: Database,
  notificationId: number,
  platform: string,
  workerId: string,
  limit: number,
  now: Date = new Date(),
): Promise<OutboxRecipient[]> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: number }>`select notification_outbox.id from notification_outbox
      where notification_outbox.notification_id = ${notificationId} and notification_outbox.status = 'pending'
        and notification_outbox.platform = ${platform}
        and (notification_outbox.not_before is null or notification_outbox.not_before <= ${nowIso(now)})
      order by notification_outbox.id limit ${limit}${skipLocked(trx)}`.execute(trx);
    const ids = due.rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    const claimed = await tablesOf(trx)
      .updateTable('notification_outbox')
      .set({ status: 'claimed', claimed_by: workerId, claimed_at: nowIso(now) })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning(['id', 'subscriber_id', 'platform', 'sender_id', 'attempts'])
      .execute();
    return claimed.map((row) => ({
      id: row.id,
      subscriberId: row.subscriber_id,
      platform: row.platform,
      senderId: row.sender_id,
      attempts: row.attempts,
    }));
  });
}

/** Whether the subscriber is still active (an unsubscribed one is skipped, never sent). */
export async function isSubscriberActive(db: Database, subscriberId: number): Promise<boolean> {
  const row = await tablesOf(db)
    .selectFrom('subscribers')
    .select('status')
    .where('id', '=', subscriberId)
    .executeTakeFirst();
  return row?.status === 'active';
}

/** claimed → sending, just before the platform is called: after a crash such a row is never sent again. */
export async function markSending(db: Database, recipientId: number, workerId: string): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('notification_outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1) }))
    .where('id', '=', recipientId)
    .where('status', '=', 'claimed')
    .where('claimed_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A recipient's outcome with its notification's counter, in one transaction. */
export async function settleRecipient(
  db: Database,
  notificationId: number,
  recipientId: number,
  outcome: 'sent' | 'failed' | 'skipped',
  workerId: string,
  error: string | null = null,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await settleRows(trx, [recipientId], outcome, error, nowIso(now), workerId);
    await moveCounters(trx, notificationId, { [outcome]: 1 });
  });
}

/**
 * A platform said "not now" (a 429) or failed for now (a 5xx): the row goes back to pending, not tried again before
 * `notBefore`; `lastError` says why it waits.
 */
export async function deferRecipient(
  db: Database,
  recipientId: number,
  notBefore: Date,
  lastError: string | null = null,
): Promise<void> {
  await tablesOf(db)
    .updateTable('notification_outbox')
    .set({
      status: 'pending',
      claimed_by: null,
      claimed_at: null,
      not_before: nowIso(notBefore),
      ...(lastError !== null && { error: lastError.slice(0, 500) }),
    })
    .where('id', '=', recipientId)
    .execute();
}

/** Claimed rows never tried go back to pending (this worker stopping, or a dead worker's). */
export async function releaseClaimed(db: Database, workerIds: string[]): Promise<number> {
  if (workerIds.length === 0) return 0;
  const result = await tablesOf(db)
    .updateTable('notification_outbox')
    .set({ status: 'pending', claimed_by: null, claimed_at: null })
    .where('status', '=', 'claimed')
    .where('claimed_by', 'in', workerIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Holders of claimed or sending rows, with the oldest claim of each (for the recovery pass). */
export async function listOutboxHolders(db: Database): Promise<{ holder: string; oldest: string }[]> {
  const rows = await tablesOf(db)
    .selectFrom('notification_outbox')
    .select(['claimed_by', (eb) => eb.fn.min('claimed_at').as('oldest')])
    .where('status', 'in', ['claimed', 'sending'])
    .where('claimed_by', 'is not', null)
    .groupBy('claimed_by')
    .execute();
  return rows.map((row) => ({ holder: row.claimed_by ?? '', oldest: String(row.oldest ?? '') }));
}

/**
 * A dead worker's rows: claimed ones go back to pending; a `sending` one may or may not have reached the
 * platform, so it is failed — never sent twice — with the reason, and counted.
 */
export async function recoverHolder(db: Database, holder: string, now: Date = new Date()): Promise<void> {
  await releaseClaimed(db, [holder]);
  await db.transaction().execute(async (trx) => {
    const interrupted = await tablesOf(trx)
      .selectFrom('notification_outbox')
      .select(['id', 'notification_id'])
      .where('status', '=', 'sending')
      .where('claimed_by', '=', holder)
      .execute();
    for (const row of interrupted) {
      await settleRows(
        trx,
        [row.id],
        'failed',
        'interrupted while sending (the server stopped); not sent again so that it is never sent twice',
        nowIso(now),
        holder,
      );
      await moveCounters(trx, row.notification_id, { failed: 1 });
    }
  });
}

/** Marks the notification done when none of its rows is left to send; true when this call finished it. */
export async function finishIfSettled(
  db: Database,
  notificationId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('notifications')
    .set({ status: 'done', finished_at: nowIso(now) })
    .where('id', '=', notificationId)
    .where('status', '=', 'sending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_outbox')
            .select('notification_outbox.id')
            .whereRef('notification_outbox.notification_id', '=', 'notifications.id')
            .where('notification_outbox.status', 'in', ['pending', 'claimed', 'sending']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The platforms with rows still pending for a notification, and the earliest time one is due. */
export async function listPendingPlatforms(db: Database, notificationId: number): Promise<string[]> {
  const rows = await tablesOf(db)
    .selectFrom('notification_outbox')
    .select('platform')
    .distinct()
    .where('notification_id', '=', notificationId)
    .where('status', '=', 'pending')
    .execute();
  return rows.map((row) => row.platform);
}
