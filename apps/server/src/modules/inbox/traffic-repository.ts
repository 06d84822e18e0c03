import type { TrafficBucket } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { isoOf } from './conversation-repository.ts';
import { customerTurnsOf, isNotUnderstood, settledBefore, settledMark } from './customer-turns.ts';
import { progressOf } from './inbox-progress.ts';
import type { InboxTables } from './inbox-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<InboxTables>();
}

/** Turns counted per pass (one transaction each). */
const TURNS_PER_PASS = 20_000;

export type TrafficPeriod = 'day' | 'month' | 'year';

/** How many buckets the chart shows per period: 30 days, 12 months, 5 years, ending with the current one. */
const BUCKETS: Record<TrafficPeriod, number> = { day: 30, month: 12, year: 5 };

class CountedElsewhere extends Error {}

interface CountedTurn {
  created_at: unknown;
  lang: string | null;
  sender_lang: string | null;
  not_understood: number;
}

/** A day's customer messages in one language, and how many of them were understood. */
interface DayCount {
  day: string;
  lang: string;
  messages: number;
  understood: number;
}

/** The turns' messages and understood ones per UTC day and language (`''` for a turn without: a location). */
function countPerDay(turns: readonly CountedTurn[]): DayCount[] {
  const counts = new Map<string, DayCount>();
  for (const turn of turns) {
    const day = isoOf(turn.created_at).slice(0, 10);
    // the language the customer wrote in; the bot's reading for turns stored before it was kept
    const lang = turn.sender_lang ?? turn.lang ?? '';
    const key = `${day}|${lang}`;
    const entry = counts.get(key) ?? { day, lang, messages: 0, understood: 0 };
    entry.messages += 1;
    if (!isNotUnderstood(turn)) entry.understood += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/**
 * Adds the owner's customer messages stored since the last count to `traffic_days` (per UTC day and language:
 * the messages, and those the bot understood — `customer-turns.ts`, as the inbox reads them). Done when the
 * chart is read, so storing a turn costs nothing more. The `counted_until` mark moves only over settled turns
 * (`settledMark`): the turns after it are counted afresh on each read (`readTraffic`), so a message another
 * process stores after later ones is still counted. Answers how many turns it added.
 */
async function countPass(db: Database, userId: number, before: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const from = await progressOf(trx, userId, 'counted_until');
    const turns = await customerTurnsOf(trx, userId)
      .select(['id', 'created_at', 'lang', 'sender_lang', 'not_understood'])
      .where('id', '>', from)
      .orderBy('id')
      .limit(TURNS_PER_PASS)
      .execute();
    const mark = settledMark(turns, before);
    if (mark === null) return 0;
    const counted = turns.filter((turn) => Number(turn.id) <= mark);
    const rows = countPerDay(counted);
    for (let start = 0; start < rows.length; start += 200) {
      await tablesOf(trx)
        .insertInto('traffic_days')
        .values(rows.slice(start, start + 200).map((row) => ({ user_id: userId, ...row })))
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'day', 'lang']).doUpdateSet((eb) => ({
            messages: eb(eb.ref('traffic_days.messages'), '+', eb.ref('excluded.messages')),
            understood: eb(eb.ref('traffic_days.understood'), '+', eb.ref('excluded.understood')),
          })),
        )
        .execute();
    }
    const moved = await tablesOf(trx)
      .updateTable('inbox_progress')
      .set({ counted_until: mark })
      .where('user_id', '=', userId)
      .where('counted_until', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new CountedElsewhere();
    return counted.length;
  });
}

export async function countNewTraffic(db: Database, userId: number, now = new Date()): Promise<void> {
  const before = settledBefore(now);
  for (;;) {
    try {
      if ((await countPass(db, userId, before)) < TURNS_PER_PASS) return;
    } catch (error) {
      if (!(error instanceof CountedElsewhere)) throw error;
    }
  }
}

/**
 * The owner's counted days from `firstDay` and the customer messages after the mark, read in one snapshot
 * (repeatable read on PostgreSQL; SQLite's one connection reads alone), so a count moving the mark meanwhile
 * neither drops nor doubles a message.
 */
async function readCounts(db: Database, userId: number, firstDay: string): Promise<DayCount[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const days = await tablesOf(trx)
        .selectFrom('traffic_days')
        .select(['day', 'lang', 'messages', 'understood'])
        .where('user_id', '=', userId)
        .where('day', '>=', firstDay)
        .execute();
      const progress = await tablesOf(trx)
        .selectFrom('inbox_progress')
        .select('counted_until')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const recent = await customerTurnsOf(trx, userId)
        .select(['created_at', 'lang', 'sender_lang', 'not_understood'])
        .where('id', '>', Number(progress?.counted_until ?? 0))
        .execute();
      return [
        ...days.map((row) => ({
          day: row.day,
          lang: row.lang,
          messages: Number(row.messages),
          understood: Number(row.understood),
        })),
        ...countPerDay(recent),
      ];
    });
}

function labelOf(day: string, period: TrafficPeriod): string {
  if (period === 'year') return day.slice(0, 4);
  if (period === 'month') return day.slice(0, 7);
  return day;
}

/** The labels of the period's buckets, oldest first, the last one holding `now`. */
export function bucketLabels(period: TrafficPeriod, now: Date): string[] {
  const labels: string[] = [];
  const count = BUCKETS[period];
  for (let back = count - 1; back >= 0; back -= 1) {
    if (period === 'day') {
      labels.push(new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10));
    } else if (period === 'month') {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      labels.push(date.toISOString().slice(0, 7));
    } else {
      labels.push(String(now.getUTCFullYear() - back));
    }
  }
  return labels;
}

/** GET /user/traffic: the owner's messages per bucket of the period, the understood ones, per language. */
export async function readTraffic(
  db: Database,
  userId: number,
  period: TrafficPeriod,
  now: Date,
): Promise<TrafficBucket[]> {
  await countNewTraffic(db, userId, now);
  const labels = bucketLabels(period, now);
  const first = labels[0] ?? '';
  const firstDay = period === 'day' ? first : period === 'month' ? `${first}-01` : `${first}-01-01`;
  const rows = await readCounts(db, userId, firstDay);
  const buckets = new Map<string, TrafficBucket>(
    labels.map((label) => [
      label,
      { label, messages: 0, understood: 0, by_lang: {}, understood_by_lang: {} },
    ]),
  );
  for (const row of rows) {
    const bucket = buckets.get(labelOf(row.day, period));
    if (!bucket) continue;
    bucket.messages += row.messages;
    bucket.understood += row.understood;
    const lang = row.lang === '' ? 'other' : row.lang;
    bucket.by_lang[lang] = (bucket.by_lang[lang] ?? 0) + row.messages;
    bucket.understood_by_lang[lang] = (bucket.understood_by_lang[lang] ?? 0) + row.understood;
  }
  return [...buckets.values()];
}
