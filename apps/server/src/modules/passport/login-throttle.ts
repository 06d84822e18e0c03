import { sql, type Transaction } from 'kysely';
import { isoAfter, nowIso } from '../../platform/db/clock.ts';
import type { Database, DialectName } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/tables.ts';

/** Failures for one email from one client address in the window: past them that pair is refused. */
export const LOGIN_FAILURE_LIMIT = 10;
/** Failures from one client address, whatever the emails (one address trying many accounts). */
export const ADDRESS_FAILURE_LIMIT = 30;
/**
 * Failures for one email from every address together. Past this the email is under a distributed attack: it is
 * not locked (anyone could lock an owner out by knowing the email), it is slowed — an address gets one guess at
 * it, each after a pause — so the owner, from an address that has not failed, still signs in.
 */
export const EMAIL_FAILURE_CEILING = 30;
export const SLOWED_ATTEMPT_DELAY_MS = 1_000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface LoginAttempt {
  email: string;
  address: string;
}

function windowStart(now: Date): string {
  return isoAfter(-LOGIN_FAILURE_WINDOW_MS, now);
}

/**
 * Makes the reservations of one email and of one client address run one after another, across server
 * processes. PostgreSQL: transaction-scoped advisory locks on the two keys (taken in sorted order, so two
 * attempts never wait on each other crosswise). SQLite: the transaction's first statement is a write, which
 * takes the database's single write lock until commit, so nothing is needed here.
 */
async function lockAttemptKeys(trx: Transaction<Tables>, dialect: DialectName, attempt: LoginAttempt) {
  if (dialect !== 'postgres') return;
  const keys = [`hiwar.login.email:${attempt.email}`, `hiwar.login.address:${attempt.address}`].sort();
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

async function countRecentFailures(trx: Transaction<Tables>, attempt: LoginAttempt, since: string) {
  const counts = await trx
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('email', '=', attempt.email).then(1).else(0).end()).as('by_email'),
      eb.fn
        .sum<number>(eb.case().when('address', '=', attempt.address).then(1).else(0).end())
        .as('by_address'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('email', '=', attempt.email), eb('address', '=', attempt.address)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('by_pair'),
    ])
    .where('failed_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', attempt.email), eb('address', '=', attempt.address)]))
    .executeTakeFirst();
  return {
    byEmail: Number(counts?.by_email ?? 0),
    byAddress: Number(counts?.by_address ?? 0),
    byPair: Number(counts?.by_pair ?? 0),
  };
}

export interface Reservation {
  id: number;
  /** how long to wait before checking the password: the email is under a distributed attack */
  delayMs: number;
}

/** Whether the attempt may go on, and at what pace, given the failures in the window. */
export function judgeAttempt(counts: { byEmail: number; byAddress: number; byPair: number }) {
  if (counts.byPair >= LOGIN_FAILURE_LIMIT || counts.byAddress >= ADDRESS_FAILURE_LIMIT) return null;
  if (counts.byEmail < EMAIL_FAILURE_CEILING) return { delayMs: 0 };
  // under attack: one guess per address, each slowed; an address that has not failed is let in
  return counts.byPair > 0 ? null : { delayMs: SLOWED_ATTEMPT_DELAY_MS };
}

/**
 * Reserves one attempt before the password is checked: records it as a failure up front, unless the failures
 * in the window refuse it (judgeAttempt: 10 for this email from this address, 30 from this address, or the
 * email under attack and this address already tried it), in which case it answers null (throttled). The count
 * and the insert run under a lock on both keys, so concurrent attempts cannot all read "nine so far" and pass
 * together. Kept in the database so the limits hold across server processes. Answers the reservation, which a
 * correct password releases.
 */
export async function reserveLoginAttempt(
  db: Database,
  dialect: DialectName,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<Reservation | null> {
  const since = windowStart(now);
  return db.transaction().execute(async (trx) => {
    await lockAttemptKeys(trx, dialect, attempt);
    // the first statement writes (see lockAttemptKeys) and keeps the table to the window
    await trx.deleteFrom('login_failures').where('failed_at', '<=', since).execute();
    const verdict = judgeAttempt(await countRecentFailures(trx, attempt, since));
    if (verdict === null) return null;
    const reserved = await trx
      .insertInto('login_failures')
      .values({ email: attempt.email, address: attempt.address, failed_at: nowIso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(reserved.id), delayMs: verdict.delayMs };
  });
}

/** The password was right: the reserved attempt was no failure. */
export async function releaseLoginAttempt(db: Database, reservationId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', reservationId).execute();
}

/**
 * A successful sign-in forgives the earlier failures of that email from that address (not the others': an
 * attacker's addresses keep theirs).
 */
export async function clearLoginFailures(db: Database, attempt: LoginAttempt): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('email', '=', attempt.email)
    .where('address', '=', attempt.address)
    .execute();
}
