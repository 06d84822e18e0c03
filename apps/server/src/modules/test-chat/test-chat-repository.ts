import type { BotMessage, IncomingEvent, StepTraceView } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import type { CommerceTables } from '../commerce/commerce-tables.ts';
import type { RuntimeTables } from '../runtime/runtime-tables.ts';

/**
 * The test sender's rows in the runtime's tables. Only this module reads or deletes them by hand: the runtime
 * offers no call that forgets a sender, and the test sender is the one sender an owner may wipe.
 */
function tablesOf(db: Database) {
  return db.withTables<RuntimeTables & CommerceTables>();
}

export interface TestTurnRow {
  id: number;
  createdAt: string;
  event: IncomingEvent;
  replies: BotMessage[];
  lang: string | null;
  commandId: number | null;
  score: number | null;
  trace: StepTraceView[];
}

/** The sender's last `limit` turns with their traces, oldest first. */
export async function listTestTurns(db: Database, sender: SenderKey, limit: number): Promise<TestTurnRow[]> {
  const rows = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select(['id', 'created_at', 'event', 'replies', 'lang', 'command_id', 'score', 'trace'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    event: fromJson<IncomingEvent>(row.event, { type: 'text', text: '' }),
    replies: fromJson<BotMessage[]>(row.replies, []),
    lang: row.lang,
    commandId: row.command_id,
    score: row.score,
    trace: fromJson<StepTraceView[]>(row.trace, []),
  }));
}

/**
 * Deletes everything the sender's conversation left: bank, preferences, carts, turns and the sender row. Call it
 * in a transaction.
 */
export async function deleteSenderRows(db: Database, sender: SenderKey): Promise<void> {
  const tables = tablesOf(db);
  for (const table of ['sender_banks', 'sender_preferences', 'carts', 'conversation_turns'] as const) {
    await tables
      .deleteFrom(table)
      .where('user_id', '=', sender.userId)
      .where('platform', '=', sender.platform)
      .where('sender_id', '=', sender.senderId)
      .execute();
  }
  await db
    .deleteFrom('senders')
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .execute();
}
