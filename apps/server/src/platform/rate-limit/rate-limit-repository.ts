import type { Database } from '../db/database.ts';

/**
 * Adds `hits` to a key's count in the window starting at `windowStart` (epoch ms) and answers the count after
 * it: one atomic upsert, so concurrent callers in any number of processes each see a different total.
 */
export async function addHits(db: Database, key: string, windowStart: number, hits: number): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ limit_key: key, window_start: windowStart, hits })
    .onConflict((conflict) =>
      conflict
        .columns(['limit_key', 'window_start'])
        .doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', eb.ref('excluded.hits')) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Forgets the finished windows of the keys starting with `prefix`. */
export async function deleteWindowsBefore(db: Database, prefix: string, windowStart: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', windowStart)
    .where('limit_key', '>=', prefix)
    .where('limit_key', '<', `${prefix}\u{10FFFF}`)
    .execute();
}
