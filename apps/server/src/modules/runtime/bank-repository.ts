import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { RuntimeTables } from './runtime-tables.ts';
import { bankOf, type SenderBank } from './sender-bank.ts';

function tablesOf(db: Database) {
  return db.withTables<RuntimeTables>();
}

/** A bank as read: `version` 0 means the sender has none yet. */
export interface LoadedBank {
  bank: SenderBank;
  version: number;
}

export async function loadBank(db: Database, sender: SenderKey): Promise<LoadedBank> {
  const row = await tablesOf(db)
    .selectFrom('sender_banks')
    .select(['bank', 'version'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .executeTakeFirst();
  return row
    ? { bank: bankOf(fromJson(row.bank, null)), version: row.version }
    : { bank: bankOf(null), version: 0 };
}

/**
 * Writes the bank only if nobody wrote it since it was read (version check); answers false on a lost race, so
 * the caller runs the turn again on the fresh bank.
 */
export async function saveBank(
  db: Database,
  sender: SenderKey,
  readVersion: number,
  bank: SenderBank,
  now: string,
): Promise<boolean> {
  if (readVersion === 0) {
    const inserted = await tablesOf(db)
      .insertInto('sender_banks')
      .values({
        user_id: sender.userId,
        platform: sender.platform,
        sender_id: sender.senderId,
        bank: toJson(bank),
        version: 1,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'platform', 'sender_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await tablesOf(db)
    .updateTable('sender_banks')
    .set({ bank: toJson(bank), version: readVersion + 1, updated_at: now })
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
