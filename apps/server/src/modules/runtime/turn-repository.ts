import type { BotMessage, IncomingEvent } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { RuntimeTables } from './runtime-tables.ts';
import type { SenderKey } from './sender-key.ts';
import type { StepTrace } from './turn-state.ts';

function tablesOf(db: Database) {
  return db.withTables<RuntimeTables>();
}

export interface NewTurn {
  event: IncomingEvent;
  commandId: number | null;
  score: number | null;
  replies: BotMessage[];
  trace: StepTrace[];
  createdAt: string;
}

export interface StoredTurn {
  id: number;
  event: IncomingEvent;
  commandId: number | null;
  score: number | null;
  replies: BotMessage[];
  createdAt: string;
}

export async function insertTurn(db: Database, sender: SenderKey, turn: NewTurn): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('conversation_turns')
    .values({
      user_id: sender.userId,
      platform: sender.platform,
      sender_id: sender.senderId,
      event: toJson(turn.event),
      command_id: turn.commandId,
      score: turn.score,
      replies: toJson(turn.replies),
      trace: toJson(turn.trace),
      created_at: turn.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The sender's last `limit` turns before the turn id `before` (all when absent), oldest first. */
export async function listTurns(
  db: Database,
  sender: SenderKey,
  options: { before?: number; limit: number },
): Promise<StoredTurn[]> {
  let query = tablesOf(db)
    .selectFrom('conversation_turns')
    .select(['id', 'event', 'command_id', 'score', 'replies', 'created_at'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    event: fromJson<IncomingEvent>(row.event, { type: 'text', text: '' }),
    commandId: row.command_id,
    score: row.score,
    replies: fromJson<BotMessage[]>(row.replies, []),
    createdAt: row.created_at,
  }));
}

export async function countTurns(db: Database, userId: number): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
