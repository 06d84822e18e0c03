import { type BotMessage, type IncomingEvent, TEST_PLATFORM } from '@hiwar/contracts';
import { type SenderKey, senderKeyText } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { RuntimeTables } from './runtime-tables.ts';
import type { StepTrace } from './turn-state.ts';
import { searchTextOf } from './turn-text.ts';

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
  /** the message's language (null for a shared location) */
  lang?: string | null;
  /** the language the sender wrote it in (null for a shared location) */
  senderLang?: string | null;
  /** the commands the engine nearly chose when the chatbot fallback answered typed text; null otherwise */
  notUnderstood?: { commandId: number; score: number }[] | null;
}

export interface StoredTurn {
  id: number;
  event: IncomingEvent;
  commandId: number | null;
  score: number | null;
  replies: BotMessage[];
  createdAt: string;
}

/** Rows per insert statement: 13 parameters each stays far below SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_INSERT = 200;

export interface SenderTurn {
  sender: SenderKey;
  turn: NewTurn;
}

/**
 * Chunks of at most ROWS_PER_INSERT turns in which no sender appears twice, so each inserted row is told
 * apart by its sender (RETURNING gives no promise about the order of its rows).
 */
function chunksOf(turns: SenderTurn[]): SenderTurn[][] {
  const chunks: SenderTurn[][] = [];
  let chunk: SenderTurn[] = [];
  let senders = new Set<string>();
  for (const entry of turns) {
    const key = senderKeyText(entry.sender);
    if (chunk.length === ROWS_PER_INSERT || senders.has(key)) {
      chunks.push(chunk);
      chunk = [];
      senders = new Set();
    }
    chunk.push(entry);
    senders.add(key);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** Stores turns with one insert statement per chunk; answers their ids in the order given. */
export async function insertTurns(db: Database, turns: SenderTurn[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunksOf(turns)) {
    const rows = await tablesOf(db)
      .insertInto('conversation_turns')
      .values(
        chunk.map(({ sender, turn }) => ({
          user_id: sender.userId,
          platform: sender.platform,
          sender_id: sender.senderId,
          event: toJson(turn.event),
          command_id: turn.commandId,
          score: turn.score,
          replies: toJson(turn.replies),
          trace: toJson(turn.trace),
          created_at: turn.createdAt,
          lang: turn.lang ?? null,
          sender_lang: turn.senderLang ?? null,
          not_understood: turn.notUnderstood ? 1 : 0,
          candidates: turn.notUnderstood ? toJson(turn.notUnderstood) : null,
          search_text: sender.platform === TEST_PLATFORM ? '' : searchTextOf(turn.event),
        })),
      )
      .returning(['id', 'user_id', 'platform', 'sender_id'])
      .execute();
    const idOf = new Map(
      rows.map((row) => [
        senderKeyText({ userId: row.user_id, platform: row.platform, senderId: row.sender_id }),
        row.id,
      ]),
    );
    for (const { sender } of chunk) {
      const id = idOf.get(senderKeyText(sender));
      if (id === undefined) throw new Error(`the turn of ${senderKeyText(sender)} was not stored`);
      ids.push(id);
    }
  }
  return ids;
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

/** A stored turn's replies (a channel sends them again when its process died before they went out). */
export async function findTurnReplies(db: Database, turnId: number): Promise<BotMessage[] | null> {
  const row = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select('replies')
    .where('id', '=', turnId)
    .executeTakeFirst();
  return row ? fromJson<BotMessage[]>(row.replies, []) : null;
}

/**
 * Adds a step to a stored turn's trace (a channel says what it had to degrade once the replies went out, where
 * its delivery stands), replacing the earlier entries of the step named `replacing`. Read and written in one
 * transaction so two notes never overwrite each other.
 */
export async function appendTurnTrace(
  db: Database,
  turnId: number,
  entry: StepTrace,
  options: { replacing?: string } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await tablesOf(trx)
      .selectFrom('conversation_turns')
      .select('trace')
      .where('id', '=', turnId)
      .executeTakeFirst();
    if (!row) return;
    // `replacing`: a step that says where something stands now (a delivery) keeps one entry, the newest
    const kept = fromJson<StepTrace[]>(row.trace, []).filter((step) => step.step !== options.replacing);
    const trace = [...kept, entry];
    await tablesOf(trx)
      .updateTable('conversation_turns')
      .set({ trace: toJson(trace) })
      .where('id', '=', turnId)
      .execute();
  });
}

export async function countTurns(db: Database, userId: number): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
