import { TEST_PLATFORM, type TrafficBucket } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { isoOf } from './conversation-repository.ts';
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

/**
 * Counts the owner's turns stored since the last count into `traffic_days` (per UTC day and language: the
 * messages, and those the bot understood — not answered by the chatbot fallback). Done when the chart is
 * read, so storing a turn costs nothing more; the test chat's turns are not counted.
 */
async function countPass(db: Database, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const from = await progressOf(trx, userId, 'counted_until');
    const turns = await tablesOf(trx)
      .selectFrom('conversation_turns')
      .select(['id', 'created_at', 'lang', 'not_understood', 'platform'])
      .where('user_id', '=', userId)
      .where('id', '>', from)
      .orderBy('id')
      .limit(TURNS_PER_PASS)
      .execute();
    if (turns.length === 0) return 0;
    const counts = new Map<string, { day: string; lang: string; messages: number; understood: number }>();
    for (const turn of turns) {
      if (turn.platform === TEST_PLATFORM) continue;
      const day = isoOf(turn.created_at).slice(0, 10);
      const lang = turn.lang ?? '';
      const key = `${day}|${lang}`;
      const entry = counts.get(key) ?? { day, lang, messages: 0, understood: 0 };
      entry.messages += 1;
      if (Number(turn.not_understood) !== 1) entry.understood += 1;
      counts.set(key, entry);
    }
    const rows = [...counts.values()];
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
    const last = Number(turns[turns.length - 1]?.id ?? from);
    const moved = await tablesOf(trx)
      .updateTable('inbox_progress')
      .set({ counted_until: last })
      .where('user_id', '=', userId)
      .where('counted_until', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new CountedElsewhere();
    return turns.length;
  });
}

export async function countNewTraffic(db: Database, userId: number): Promise<void> {
  for (;;) {
    try {
      if ((await countPass(db, userId)) < TURNS_PER_PASS) return;
    } catch (error) {
      if (!(error instanceof CountedElsewhere)) throw error;
    }
  }
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
  await countNewTraffic(db, userId);
  const labels = bucketLabels(period, now);
  const first = labels[0] ?? '';
  const firstDay = period === 'day' ? first : period === 'month' ? `${first}-01` : `${first}-01-01`;
  const rows = await tablesOf(db)
    .selectFrom('traffic_days')
    .select(['day', 'lang', 'messages', 'understood'])
    .where('user_id', '=', userId)
    .where('day', '>=', firstDay)
    .execute();
  const buckets = new Map<string, TrafficBucket>(
    labels.map((label) => [
      label,
      { label, messages: 0, understood: 0, by_lang: {}, understood_by_lang: {} },
    ]),
  );
  for (const row of rows) {
    const bucket = buckets.get(labelOf(row.day, period));
    if (!bucket) continue;
    bucket.messages += Number(row.messages);
    bucket.understood += Number(row.understood);
    const lang = row.lang === '' ? 'other' : row.lang;
    bucket.by_lang[lang] = (bucket.by_lang[lang] ?? 0) + Number(row.messages);
    bucket.understood_by_lang[lang] = (bucket.understood_by_lang[lang] ?? 0) + Number(row.understood);
  }
  return [...buckets.values()];
}
