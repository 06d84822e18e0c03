import { isoAfter, nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';

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
 * True after LOGIN_FAILURE_LIMIT failures for the email OR for the client address within the window.
 * Kept in the database so the limit holds across server processes.
 */
export async function isLoginThrottled(
  db: Database,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<boolean> {
  const since = windowStart(now);
  const counts = await db
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
  return (
    Number(counts?.by_email ?? 0) >= LOGIN_FAILURE_LIMIT ||
    Number(counts?.by_address ?? 0) >= LOGIN_FAILURE_LIMIT
  );
}

/** Records a failed attempt and drops failures that have left the window. */
export async function recordLoginFailure(
  db: Database,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_failures').where('failed_at', '<=', windowStart(now)).execute();
    await trx
      .insertInto('login_failures')
      .values({ email: attempt.email, address: attempt.address, failed_at: nowIso(now) })
      .execute();
  });
}

/** A successful sign-in forgives the earlier failures for that email (not those of the address). */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
