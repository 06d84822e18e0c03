import { sql, type Transaction } from 'kysely';
import { isoAfter, nowIso } from '../../platform/db/clock.ts';
import type { Database, DialectName } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/tables.ts';

export const LOGIN_FAILURE_LIMIT = 10;
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
    ])
    .where('failed_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', attempt.email), eb('address', '=', attempt.address)]))
    .executeTakeFirst();
  return { byEmail: Number(counts?.by_email ?? 0), byAddress: Number(counts?.by_address ?? 0) };
}

/**
 * Reserves one attempt before the password is checked: records it as a failure up front, unless
 * LOGIN_FAILURE_LIMIT failures for the email OR for the client address already lie within the window, in which
 * case it answers null (throttled). The count and the insert run under a lock on both keys, so concurrent
 * attempts cannot all read "nine so far" and pass together. Kept in the database so the limit holds across
 * server processes. Answers the reservation's id, which a correct password releases.
 */
export async function reserveLoginAttempt(
  db: Database,
  dialect: DialectName,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<number | null> {
  const since = windowStart(now);
  return db.transaction().execute(async (trx) => {
    await lockAttemptKeys(trx, dialect, attempt);
    // the first statement writes (see lockAttemptKeys) and keeps the table to the window
    await trx.deleteFrom('login_failures').where('failed_at', '<=', since).execute();
    const counts = await countRecentFailures(trx, attempt, since);
    if (counts.byEmail >= LOGIN_FAILURE_LIMIT || counts.byAddress >= LOGIN_FAILURE_LIMIT) return null;
    const reserved = await trx
      .insertInto('login_failures')
      .values({ email: attempt.email, address: attempt.address, failed_at: nowIso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(reserved.id);
  });
}

/** The password was right: the reserved attempt was no failure. */
export async function releaseLoginAttempt(db: Database, reservationId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', reservationId).execute();
}

/** A successful sign-in forgives the earlier failures for that email (not those of the address). */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
