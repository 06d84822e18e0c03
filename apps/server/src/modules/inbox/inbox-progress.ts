import type { Database } from '../../platform/db/database.ts';
import type { InboxTables } from './inbox-tables.ts';

/** The two watermarks of `inbox_progress`: the last turn grouped into the inbox, the last counted as traffic. */
export type ProgressMark = 'grouped_until' | 'counted_until';

/**
 * Where one of the owner's catch-ups (grouping, traffic) stopped: the id of the last turn it took, 0 at first.
 * The owner's row is made on first use; call inside the pass's transaction, which moves the mark on.
 */
export async function progressOf(db: Database, userId: number, mark: ProgressMark): Promise<number> {
  const tables = db.withTables<InboxTables>();
  await tables
    .insertInto('inbox_progress')
    .values({ user_id: userId })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await tables
    .selectFrom('inbox_progress')
    .select(mark)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row[mark as keyof typeof row]);
}
