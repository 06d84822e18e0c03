import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { RuntimeTables } from './runtime-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<RuntimeTables>();
}

export interface PreferenceWrite {
  varId: number;
  value: unknown;
  expiresAt: string;
}

/** The sender's preferences still valid at `now`, by var_id; expired rows are forgotten (deleted) on the way. */
export async function loadPreferences(
  db: Database,
  sender: SenderKey,
  now: string,
): Promise<Map<number, unknown>> {
  const rows = await tablesOf(db)
    .selectFrom('sender_preferences')
    .select(['var_id', 'value', 'expires_at'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .execute();
  const valid = new Map<number, unknown>();
  let hasExpired = false;
  for (const row of rows) {
    if (row.expires_at > now) valid.set(row.var_id, fromJson<unknown>(row.value, null));
    else hasExpired = true;
  }
  if (hasExpired) await forgetExpiredPreferences(db, sender, now);
  return valid;
}

async function forgetExpiredPreferences(db: Database, sender: SenderKey, now: string): Promise<void> {
  await tablesOf(db)
    .deleteFrom('sender_preferences')
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function savePreferences(
  db: Database,
  sender: SenderKey,
  writes: PreferenceWrite[],
  now: string,
): Promise<void> {
  for (const write of writes) {
    const value = toJson(write.value);
    await tablesOf(db)
      .insertInto('sender_preferences')
      .values({
        user_id: sender.userId,
        platform: sender.platform,
        sender_id: sender.senderId,
        var_id: write.varId,
        value,
        expires_at: write.expiresAt,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'platform', 'sender_id', 'var_id'])
          .doUpdateSet({ value, expires_at: write.expiresAt, updated_at: now }),
      )
      .execute();
  }
}
