import { TEST_PLATFORM } from '@hiwar/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { InboxTables } from './inbox-tables.ts';

/**
 * What the owner's figures count: the dashboard's traffic and understood share, the
 * not-understood inbox and the conversations list read the same stored turns through these, so they agree.
 *
 * - A customer message is a turn of a real channel: a message typed, a button pressed or a location shared
 *   (each turn is one, with the bot's replies to it). The console's test chat is no customer.
 * - Not understood: the chatbot fallback answered the message's text (typed, or a button's payload read as
 *   text; `not_understood`, written by the runtime with the commands it nearly chose). Every other customer
 *   message counts as understood; each not-understood one joins a group of the inbox.
 */
export function customerTurnsOf(db: Database, userId: number) {
  return db
    .withTables<InboxTables>()
    .selectFrom('conversation_turns')
    .where('conversation_turns.user_id', '=', userId)
    .where('conversation_turns.platform', '<>', TEST_PLATFORM);
}

/** The not-understood turns (a literal 1: PostgreSQL's partial index `conversation_turns_not_understood`). */
export function notUnderstood(eb: ExpressionBuilder<InboxTables, 'conversation_turns'>) {
  return eb('conversation_turns.not_understood', '=', sql.lit(1));
}

export function isNotUnderstood(turn: { not_understood: number }): boolean {
  return Number(turn.not_understood) === 1;
}

/**
 * How long after its time (`created_at`, taken before the pipeline's answer is written) a turn may still be
 * stored: a slow turn is stored after quicker ones with later times and, on PostgreSQL with several server
 * processes, after turns with later ids.
 */
export const STORE_LAG_MS = 60_000;

/**
 * The time before which every turn is stored: a turn of an earlier time was stored more than STORE_LAG_MS
 * ago, and any turn with a smaller id got that id before it was stored, so that turn's time is more than
 * STORE_LAG_MS ago too, and it is stored.
 */
export function settledBefore(now: Date): number {
  return now.getTime() - 2 * STORE_LAG_MS;
}

/**
 * How far, in id order, a catch-up (the traffic count, the inbox grouping) may move its mark over these turns
 * (read in id order after the mark): to the last one whose time is before `before` — every turn up to it is
 * stored, so none will appear behind the mark later. Null when none is that old: the turns after the mark are
 * then read afresh on every read, and a turn stored late among them is counted as soon as it is stored.
 */
export function settledMark(
  turns: readonly { id: number; created_at: unknown }[],
  before: number,
): number | null {
  let mark: number | null = null;
  for (const turn of turns) if (timeOf(turn.created_at) < before) mark = Number(turn.id);
  return mark;
}

function timeOf(value: unknown): number {
  return value instanceof Date ? value.getTime() : Date.parse(String(value));
}
