import { createOpaqueToken, hashToken } from '../crypto/tokens.ts';
import { DAY_MS, isoAfter, nowIso } from '../db/clock.ts';
import type { Database } from '../db/database.ts';

/** The signed-in user as the auth guard puts it on the request. */
export interface Session {
  userId: number;
  username: string;
  regDriver: string;
  tokenId: number;
}

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export async function issueAccessToken(db: Database, userId: number, ttlDays: number): Promise<IssuedToken> {
  const accessToken = createOpaqueToken();
  await db
    .insertInto('access_tokens')
    .values({ token_hash: hashToken(accessToken), user_id: userId, expires_at: isoAfter(ttlDays * DAY_MS) })
    .execute();
  return { accessToken, expiresInSeconds: ttlDays * 24 * 60 * 60 };
}

/** The session of a token that exists, is neither revoked nor expired, and belongs to an active user. */
export async function findSession(db: Database, accessToken: string): Promise<Session | null> {
  const row = await db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.user_id', 'access_tokens.user_id')
    .select(['access_tokens.id', 'users.user_id', 'users.username', 'users.user_reg_driver'])
    .where('access_tokens.token_hash', '=', hashToken(accessToken))
    .where('access_tokens.revoked_at', 'is', null)
    .where('access_tokens.expires_at', '>', nowIso())
    .where('users.user_status', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  return { userId: row.user_id, username: row.username, regDriver: row.user_reg_driver, tokenId: row.id };
}

export async function revokeAccessToken(db: Database, tokenId: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: nowIso() })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Signs a user out everywhere except, optionally, the session making the request. */
export async function revokeOtherAccessTokens(
  db: Database,
  userId: number,
  keepTokenId: number,
): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', '!=', keepTokenId)
    .where('revoked_at', 'is', null)
    .execute();
}
