import type { LastTraining } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { JobTables } from '../../platform/jobs/job-tables.ts';

/** The error text of a failed job is the thrown message: kept short, as a reason and not a stack. */
const REASON_MAX_LENGTH = 300;

/**
 * The owner's last Train job that ended (done, or failed after its last attempt), newest first by its end;
 * null before the first. Reads the job queue's own record, so a training run by another process shows too.
 */
export async function findLastTraining(
  db: Database,
  userId: number,
  trainJobKind: string,
): Promise<LastTraining | null> {
  const row = await db
    .withTables<JobTables>()
    .selectFrom('jobs')
    .select(['status', 'created_at', 'finished_at', 'error'])
    .where('user_id', '=', userId)
    .where('kind', '=', trainJobKind)
    .where('status', 'in', ['done', 'failed'])
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.finished_at === null) return null;
  const isFailed = row.status === 'failed';
  return {
    status: isFailed ? 'failed' : 'done',
    queued_at: row.created_at,
    finished_at: row.finished_at,
    error: isFailed ? (row.error ?? '').slice(0, REASON_MAX_LENGTH) : null,
  };
}
