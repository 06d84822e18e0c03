import { TEST_PLATFORM } from '@hiwar/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

export interface NewSender {
  userId: number;
  senderId: string;
  platform: string;
  name?: string;
  username?: string;
}

/** Records an end user talking to the owner's bot (once per platform and sender id). */
export async function insertSender(db: Database, sender: NewSender): Promise<number> {
  const row = await db
    .insertInto('senders')
    .values({
      user_id: sender.userId,
      sender_id: sender.senderId,
      platform: sender.platform,
      name: sender.name ?? '',
      username: sender.username ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's senders, the console's test chat's excepted. */
export async function countSenders(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('senders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('platform', '<>', TEST_PLATFORM)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * When the sender last wrote to the bot (their last turn), null when never: a platform's messaging window opens
 * then (WhatsApp takes only a template from a business 24 hours after it).
 */
export async function lastWroteAt(
  db: Database,
  sender: { userId: number; platform: string; senderId: string },
): Promise<Date | null> {
  const row = await db
    .selectFrom('senders')
    .select('last_at')
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .executeTakeFirst();
  if (!row?.last_at) return null;
  const at = new Date(row.last_at);
  return Number.isNaN(at.getTime()) ? null : at;
}

export interface SenderTurnSummary {
  userId: number;
  platform: string;
  senderId: string;
  name?: string;
  username?: string;
  turnId: number;
  at: string;
  text: string;
  lang: string | null;
}

/** Senders per upsert statement (10 parameters each). */
const SENDERS_PER_UPSERT = 200;

/**
 * Records stored turns on their senders (the conversations list reads these rows): the sender is created when
 * new, its last turn, text, language and time replaced and its number of turns raised. A sender's several turns
 * in one call count once each and leave the newest; a later name or username replaces an empty one only when
 * given. One statement per 200 senders; call it in the transaction that stores the turns.
 */
export async function recordSenderTurns(db: Database, turns: readonly SenderTurnSummary[]): Promise<void> {
  const bySender = new Map<string, { summary: SenderTurnSummary; count: number }>();
  for (const summary of turns) {
    const key = `${summary.userId}\u0000${summary.platform}\u0000${summary.senderId}`;
    const seen = bySender.get(key);
    if (!seen) bySender.set(key, { summary, count: 1 });
    else
      bySender.set(key, {
        summary: summary.turnId > seen.summary.turnId ? summary : seen.summary,
        count: seen.count + 1,
      });
  }
  const rows = [...bySender.values()];
  for (let start = 0; start < rows.length; start += SENDERS_PER_UPSERT) {
    await db
      .insertInto('senders')
      .values(
        rows.slice(start, start + SENDERS_PER_UPSERT).map(({ summary, count }) => ({
          user_id: summary.userId,
          platform: summary.platform,
          sender_id: summary.senderId,
          name: summary.name ?? '',
          username: summary.username ?? '',
          last_turn_id: summary.turnId,
          last_at: summary.at,
          last_text: summary.text,
          last_lang: summary.lang,
          turns_count: count,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'platform', 'sender_id']).doUpdateSet((eb) => ({
          name: sql<string>`case when ${eb.ref('excluded.name')} <> '' then ${eb.ref('excluded.name')} else ${eb.ref('senders.name')} end`,
          username: sql<string>`case when ${eb.ref('excluded.username')} <> '' then ${eb.ref('excluded.username')} else ${eb.ref('senders.username')} end`,
          last_turn_id: eb.ref('excluded.last_turn_id'),
          last_at: eb.ref('excluded.last_at'),
          last_text: eb.ref('excluded.last_text'),
          last_lang: sql<
            string | null
          >`coalesce(${eb.ref('excluded.last_lang')}, ${eb.ref('senders.last_lang')})`,
          turns_count: sql<number>`${eb.ref('senders.turns_count')} + ${eb.ref('excluded.turns_count')}`,
        })),
      )
      .execute();
  }
}
