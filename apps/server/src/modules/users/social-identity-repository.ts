import type { Database } from '../../platform/db/database.ts';

export interface SocialIdentity {
  provider: string;
  subject: string;
}

/** The account a provider's person signs in as, if they linked one. */
export async function findUserIdOfIdentity(db: Database, identity: SocialIdentity): Promise<number | null> {
  const row = await db
    .selectFrom('social_identities')
    .select('user_id')
    .where('provider', '=', identity.provider)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Whether the account already signs in with another person of this provider. */
export async function hasIdentityOf(db: Database, userId: number, provider: string): Promise<boolean> {
  const row = await db
    .selectFrom('social_identities')
    .select('id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Links the provider's person to the account; false when either side is linked already (one person per
 * provider and account, one account per person).
 */
export async function linkIdentity(db: Database, userId: number, identity: SocialIdentity): Promise<boolean> {
  const inserted = await db
    .insertInto('social_identities')
    .values({ user_id: userId, provider: identity.provider, subject: identity.subject })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
