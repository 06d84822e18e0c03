import type { BotMessage, TurnDelivery } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { Selectable } from 'kysely';
import { nowIso } from '../platform/db/clock.ts';
import type { Database } from '../platform/db/database.ts';
import { fromJson, toJson } from '../platform/db/json.ts';
import type { ChannelTables, DeliveriesTable, DeliveryPurpose } from './channel-tables.ts';

type DeliveryRow = Selectable<DeliveriesTable>;

function tablesOf(db: Database) {
  return db.withTables<ChannelTables>();
}

export interface NewDelivery {
  userId: number;
  platform: string;
  senderId: string;
  purpose: DeliveryPurpose;
  turnId?: number;
  noticeId?: number;
  messages: readonly BotMessage[];
  /** the platform's id of the message the replies quote */
  replyTo?: string;
  /** the replies' language (the sender's, as the turn chose it): Hiwar's own words among them follow it */
  lang?: Lang;
  /** when it is first due and when it is given up (DELIVERY_RETRY_HOURS after it was queued) */
  now: Date;
  expiresAt: Date;
}

export interface StoredDelivery {
  id: number;
  userId: number;
  platform: string;
  senderId: string;
  purpose: DeliveryPurpose;
  turnId: number | null;
  /** the notice it delivers (`sender_notices`), null for a turn's replies */
  noticeId: number | null;
  messages: BotMessage[];
  partsSent: number;
  /** tries so far, this one included once claimed */
  attempts: number;
  expiresAt: string;
  /** tries of the call after `partsSent` that got no answer in time (the platform may have taken it) */
  unansweredTries: number;
  /** the highest call WhatsApp's status webhook reported sent, null when none */
  partReceived: number | null;
  /** calls the platform refused for themselves while the rest went on */
  partsRefused: number;
  /** names the delivery to the platform (Google Chat's requestId, WhatsApp's callback data): its id and birth */
  key: string;
  /** the platform's id of the message the replies quote, null for none */
  replyTo: string | null;
  /** the replies' language, null when not known (a notice) */
  lang: Lang | null;
}

function deliveryOf(row: DeliveryRow): StoredDelivery {
  return {
    id: row.id,
    userId: row.user_id,
    platform: row.platform,
    senderId: row.sender_id,
    purpose: row.purpose,
    turnId: row.turn_id,
    noticeId: row.notice_id,
    messages: fromJson<BotMessage[]>(row.messages, []),
    partsSent: row.parts_sent,
    attempts: row.attempts,
    expiresAt: row.expires_at,
    unansweredTries: row.unanswered_tries,
    partReceived: row.part_received,
    partsRefused: row.parts_refused,
    replyTo: row.reply_to,
    lang: row.lang === 'ar' || row.lang === 'en' || row.lang === 'de' ? row.lang : null,
    key: `${row.id}-${(new Date(row.created_at).getTime() || 0).toString(36)}`,
  };
}

/** The delivery id a key names (deliveryOf's `key`), or null. */
export function deliveryIdOfKey(key: string): number | null {
  const match = /^(\d{1,15})-[0-9a-z]{1,12}$/.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * Queues messages for a chat, in the caller's transaction (the turn's, the notice's). A turn or a notice is
 * queued once: enqueuing it again (a process that died after the commit runs its update again) changes nothing.
 */
export async function enqueueDelivery(db: Database, delivery: NewDelivery): Promise<void> {
  await tablesOf(db)
    .insertInto('deliveries')
    .values({
      user_id: delivery.userId,
      platform: delivery.platform,
      sender_id: delivery.senderId,
      purpose: delivery.purpose,
      turn_id: delivery.turnId ?? null,
      notice_id: delivery.noticeId ?? null,
      messages: toJson(delivery.messages),
      reply_to: delivery.replyTo ?? null,
      lang: delivery.lang ?? null,
      next_at: nowIso(delivery.now),
      expires_at: nowIso(delivery.expiresAt),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Claims up to `limit` deliveries that are due: for each chat, only its oldest not yet settled — so a later reply
 * waits behind an earlier one still pending (even one waiting out a retry_after), and a chat's messages arrive
 * in order. Each claim is a conditional update: two workers never send the same delivery.
 */
export async function claimDeliveries(
  db: Database,
  workerId: string,
  limit: number,
  now: Date,
  /** owners' platforms that asked this process to wait (a 429's retry_after): none of theirs is claimed */
  paused: readonly { userId: number; platform: string }[] = [],
): Promise<StoredDelivery[]> {
  let query = tablesOf(db)
    .selectFrom('deliveries as d')
    .selectAll('d')
    .where('d.status', '=', 'pending')
    .where('d.next_at', '<=', nowIso(now));
  if (paused.length > 0) {
    query = query.where(({ and, or, not, eb }) =>
      not(
        or(
          paused.map((pause) =>
            and([eb('d.user_id', '=', pause.userId), eb('d.platform', '=', pause.platform)]),
          ),
        ),
      ),
    );
  }
  const candidates = await query
    .where(({ eb, not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deliveries as earlier')
            .select('earlier.id')
            .whereRef('earlier.user_id', '=', 'd.user_id')
            .whereRef('earlier.platform', '=', 'd.platform')
            .whereRef('earlier.sender_id', '=', 'd.sender_id')
            .where('earlier.status', 'in', ['pending', 'sending'])
            .where('earlier.id', '<', eb.ref('d.id')),
        ),
      ),
    )
    .orderBy('d.next_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  const claimed: StoredDelivery[] = [];
  for (const row of candidates) {
    const result = await tablesOf(db)
      .updateTable('deliveries')
      .set({ status: 'sending', claimed_by: workerId, claimed_at: nowIso(), attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(deliveryOf({ ...row, attempts: row.attempts + 1 }));
  }
  return claimed;
}

/**
 * The platform took (or refused for itself) `partsSent` of the delivery's calls: a retry goes on after them, and
 * the next call has had no unanswered try yet. `refused`: this call was refused, with the platform's reason.
 */
export async function recordPartsSent(
  db: Database,
  id: number,
  partsSent: number,
  refused?: string,
): Promise<void> {
  await tablesOf(db)
    .updateTable('deliveries')
    .set((eb) => ({
      parts_sent: partsSent,
      unanswered_tries: 0,
      ...(refused !== undefined && {
        parts_refused: eb('parts_refused', '+', 1),
        last_error: refused.slice(0, 1000),
      }),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * WhatsApp's status webhook reported call `part` of the owner's delivery sent (or delivered, or read): a call of
 * it that got no answer is not sent again. Only an unsettled delivery records it — one statement, and none for
 * the statuses of messages long delivered.
 */
export async function recordReceipt(db: Database, userId: number, id: number, part: number): Promise<void> {
  await tablesOf(db)
    .updateTable('deliveries')
    .set({ part_received: part })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'sending'])
    .where((eb) => eb.or([eb('part_received', 'is', null), eb('part_received', '<', part)]))
    .execute();
}

export type DeliveryOutcome =
  | { status: 'delivered' }
  | { status: 'refused' | 'expired' | 'unanswered'; error: string }
  | {
      status: 'pending';
      error: string;
      nextAt: Date;
      unansweredTries?: number;
      /** the wait is the platform's own retry_after: kept to the second, never called forward */
      isPlatformWait?: boolean;
    };

export async function settleDelivery(db: Database, id: number, outcome: DeliveryOutcome): Promise<void> {
  const isSettled = outcome.status !== 'pending';
  await tablesOf(db)
    .updateTable('deliveries')
    .set({
      status: outcome.status,
      claimed_by: null,
      claimed_at: null,
      ...('error' in outcome && { last_error: outcome.error.slice(0, 1000) }),
      ...(outcome.status === 'pending' && { next_at: nowIso(outcome.nextAt) }),
      ...(outcome.status === 'pending' &&
        outcome.unansweredTries !== undefined && { unanswered_tries: outcome.unansweredTries }),
      ...(outcome.status === 'pending' && { waits_retry_after: outcome.isPlatformWait ? 1 : 0 }),
      ...(isSettled && { settled_at: nowIso() }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A retry to the platform got through for the owner: the platform is back, so the owner's other deliveries to it
 * that sleep out their own backoff are due now (each chat still in order: the claim takes a chat's oldest first).
 * Those waiting out the platform's retry_after keep their time. Answers how many were called forward.
 */
export async function callForwardBackoffs(
  db: Database,
  userId: number,
  platform: string,
  now: Date,
): Promise<number> {
  const result = await tablesOf(db)
    .updateTable('deliveries')
    .set({ next_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .where('status', '=', 'pending')
    .where('waits_retry_after', '=', 0)
    .where('attempts', '>', 0)
    .where('next_at', '>', nowIso(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The workers holding deliveries being sent, with their oldest claim (a dead worker's are taken back). */
export async function listSendingHolders(db: Database): Promise<{ holder: string; oldest: string }[]> {
  const rows = await tablesOf(db)
    .selectFrom('deliveries')
    .select(['claimed_by', (eb) => eb.fn.min('claimed_at').as('oldest')])
    .where('status', '=', 'sending')
    .where('claimed_by', 'is not', null)
    .groupBy('claimed_by')
    .execute();
  return rows.map((row) => ({ holder: row.claimed_by ?? '', oldest: String(row.oldest ?? '') }));
}

/** A stopped worker's deliveries: pending again, due at once, to go on from the parts the platform took. */
export async function releaseDeliveryHolder(db: Database, holder: string): Promise<number> {
  const result = await tablesOf(db)
    .updateTable('deliveries')
    .set({ status: 'pending', claimed_by: null, claimed_at: null })
    .where('status', '=', 'sending')
    .where('claimed_by', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The deliveries of the given turns, by turn id (the transcript shows where a turn's replies stand). */
export async function findTurnDeliveries(
  db: Database,
  userId: number,
  turnIds: readonly number[],
): Promise<Map<number, TurnDelivery>> {
  if (turnIds.length === 0) return new Map();
  const rows = await tablesOf(db)
    .selectFrom('deliveries')
    .select(['turn_id', 'status', 'attempts', 'next_at', 'last_error', 'parts_refused'])
    .where('user_id', '=', userId)
    .where('turn_id', 'in', [...turnIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.turn_id ?? 0,
      {
        status: row.status,
        attempts: row.attempts,
        next_at: new Date(row.next_at).toISOString(),
        error: row.last_error,
        refused_parts: row.parts_refused,
      },
    ]),
  );
}
