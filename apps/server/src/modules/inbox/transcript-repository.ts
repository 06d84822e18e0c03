import { type BotMessage, type IncomingEvent, TURNS_PAGE_SIZE } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import type { StepTrace } from '../runtime/turn-state.ts';
import { isoOf } from './conversation-repository.ts';
import type { InboxTables } from './inbox-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<InboxTables>();
}

export interface TranscriptTurnRow {
  id: number;
  at: string;
  event: IncomingEvent;
  lang: string | null;
  commandId: number | null;
  score: number | null;
  notUnderstood: boolean;
  replies: BotMessage[];
  trace: StepTrace[];
}

/**
 * A page of the sender's turns — page 1 the newest TURNS_PAGE_SIZE — oldest first, with the time of the turn
 * just after the page (null on page 1), which bounds the notices shown with it. One index serves every page.
 */
export async function listTranscriptPage(
  db: Database,
  sender: SenderKey,
  page: number,
): Promise<{ turns: TranscriptTurnRow[]; total: number; newerAt: string | null }> {
  const countRow = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .executeTakeFirstOrThrow();
  const total = Number(countRow.count);
  const skip = (page - 1) * TURNS_PAGE_SIZE;
  const withNewer = page > 1 ? 1 : 0;
  const rows = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select([
      'id',
      'event',
      'command_id',
      'score',
      'replies',
      'trace',
      'created_at',
      'lang',
      'sender_lang',
      'not_understood',
    ])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .orderBy('id', 'desc')
    .limit(TURNS_PAGE_SIZE + withNewer)
    .offset(skip - withNewer)
    .execute();
  const newer = withNewer === 1 ? rows.shift() : undefined;
  const turns = rows.reverse().map((row) => ({
    id: Number(row.id),
    at: isoOf(row.created_at),
    event: fromJson<IncomingEvent>(row.event, { type: 'text', text: '' }),
    // the language the customer wrote in; the bot's reading of it for turns stored before migration 0042
    lang: row.sender_lang ?? row.lang,
    commandId: row.command_id === null ? null : Number(row.command_id),
    score: row.score,
    notUnderstood: Number(row.not_understood) === 1,
    replies: fromJson<BotMessage[]>(row.replies, []),
    trace: fromJson<StepTrace[]>(row.trace, []),
  }));
  return { turns, total, newerAt: newer ? isoOf(newer.created_at) : null };
}

/** One of the sender's turns: what was sent, its language and what the bot made of it; null if not theirs. */
export async function findSenderTurn(
  db: Database,
  sender: SenderKey,
  turnId: number,
): Promise<Pick<TranscriptTurnRow, 'event' | 'lang' | 'commandId' | 'notUnderstood'> | null> {
  const row = await tablesOf(db)
    .selectFrom('conversation_turns')
    .select(['event', 'lang', 'command_id', 'not_understood'])
    .where('id', '=', turnId)
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    event: fromJson<IncomingEvent>(row.event, { type: 'text', text: '' }),
    lang: row.lang,
    commandId: row.command_id === null ? null : Number(row.command_id),
    notUnderstood: Number(row.not_understood) === 1,
  };
}
