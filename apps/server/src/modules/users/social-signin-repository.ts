import { createOpaqueToken, hashToken } from '../../platform/crypto/tokens.ts';
import { isoAfter, nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';

export interface PendingSocialSignin {
  provider: string;
  email: string;
  name: string;
}

export const SOCIAL_SIGNIN_TTL_MS = 60 * 60 * 1000;

/**
 * Records a provider sign-in that still needs a Hiwar account; the returned token goes to the console's
 * /user/social_register/{token} page. The OAuth callback of each provider calls this.
 */
export async function createPendingSocialSignin(
  db: Database,
  signin: PendingSocialSignin,
  ttlMs = SOCIAL_SIGNIN_TTL_MS,
): Promise<string> {
  const token = createOpaqueToken();
  await db
    .insertInto('social_signins')
    .values({ ...signin, token_hash: hashToken(token), expires_at: isoAfter(ttlMs) })
    .execute();
  return token;
}

/** Removes and returns the unexpired pending sign-in of a token (single use). */
export async function takePendingSocialSignin(
  db: Database,
  token: string,
): Promise<PendingSocialSignin | null> {
  const row = await db
    .deleteFrom('social_signins')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', nowIso())
    .returning(['provider', 'email', 'name'])
    .executeTakeFirst();
  return row ?? null;
}
