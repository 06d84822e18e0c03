import type { ExpressionBuilder } from 'kysely';
import { createOpaqueToken, hashToken } from '../../platform/crypto/tokens.ts';
import { isoAfter, nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/tables.ts';

export interface PendingSocialSignin {
  provider: string;
  /** the provider's id of the person (Facebook's app-scoped user id); linked to the account once it is made */
  subject: string;
  email: string;
  name: string;
}

export const SOCIAL_SIGNIN_TTL_MS = 60 * 60 * 1000;
/** A ticket only carries the browser from the provider's callback to the console's next request. */
export const SIGNIN_TICKET_TTL_MS = 2 * 60 * 1000;

/**
 * The browser a row is bound to (social-browser.ts): the hash of its cookie value; an unbound row (made by a
 * caller without a browser) has none.
 */
const bindingOf = (browser: string) => (browser === '' ? '' : hashToken(browser));

/**
 * The row of a token, of its kind (a pending sign-in has no account yet, a ticket has one), unexpired, and
 * usable from this browser: the one it is bound to, or any when it is bound to none.
 */
const usableRowOf =
  (token: string, kind: 'pending' | 'ticket', browser: string) =>
  (eb: ExpressionBuilder<Tables, 'social_signins'>) =>
    eb.and([
      eb('token_hash', '=', hashToken(token)),
      eb('user_id', kind === 'pending' ? 'is' : 'is not', null),
      eb('expires_at', '>', nowIso()),
      eb.or([eb('browser_hash', '=', ''), eb('browser_hash', '=', bindingOf(browser))]),
    ]);

/** Stores a token's row (only its hash), clearing expired rows on the way; answers the token. */
async function storeToken(
  db: Database,
  row: PendingSocialSignin & { user_id: number | null; browser: string },
  ttlMs: number,
): Promise<string> {
  const token = createOpaqueToken();
  const { browser, ...values } = row;
  await db.deleteFrom('social_signins').where('expires_at', '<=', nowIso()).execute();
  await db
    .insertInto('social_signins')
    .values({
      ...values,
      browser_hash: bindingOf(browser),
      token_hash: hashToken(token),
      expires_at: isoAfter(ttlMs),
    })
    .execute();
  return token;
}

/**
 * Records a provider sign-in that still needs a Hiwar account, bound to `browser` (its cookie value; '' binds
 * none); the returned token goes to the console's /user/social_register/{token} page. The OAuth callback of each
 * provider calls this.
 */
export function createPendingSocialSignin(
  db: Database,
  signin: PendingSocialSignin,
  options: { browser?: string; ttlMs?: number } = {},
): Promise<string> {
  return storeToken(
    db,
    { ...signin, user_id: null, browser: options.browser ?? '' },
    options.ttlMs ?? SOCIAL_SIGNIN_TTL_MS,
  );
}

/** The unexpired pending sign-in of a token, left in place (the social register page shows it). */
export async function findPendingSocialSignin(
  db: Database,
  token: string,
  browser: string,
): Promise<PendingSocialSignin | null> {
  const row = await db
    .selectFrom('social_signins')
    .select(['provider', 'subject', 'email', 'name'])
    .where(usableRowOf(token, 'pending', browser))
    .executeTakeFirst();
  return row ?? null;
}

/** Removes and returns the unexpired pending sign-in of a token (single use). */
export async function takePendingSocialSignin(
  db: Database,
  token: string,
  browser: string,
): Promise<PendingSocialSignin | null> {
  const row = await db
    .deleteFrom('social_signins')
    .where(usableRowOf(token, 'pending', browser))
    .returning(['provider', 'subject', 'email', 'name'])
    .executeTakeFirst();
  return row ?? null;
}

/** A short-lived, single-use ticket, bound to `browser`, that signs an existing account in. */
export function createSigninTicket(
  db: Database,
  userId: number,
  signin: PendingSocialSignin,
  browser: string,
): Promise<string> {
  return storeToken(db, { ...signin, user_id: userId, browser }, SIGNIN_TICKET_TTL_MS);
}

/** Removes an unexpired ticket used from its browser and answers the account it signs in, or null. */
export async function takeSigninTicket(db: Database, token: string, browser: string): Promise<number | null> {
  const row = await db
    .deleteFrom('social_signins')
    .where(usableRowOf(token, 'ticket', browser))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
