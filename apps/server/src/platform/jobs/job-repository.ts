import type { Selectable } from 'kysely';
import { nowIso } from '../db/clock.ts';
import { uniqueViolationColumns } from '../db/constraint-errors.ts';
import type { Database } from '../db/database.ts';
import { fromJson, toJson } from '../db/json.ts';
import type { JobsTable, JobTables } from './job-tables.ts';

type JobRow = Selectable<JobsTable>;

export interface Job {
  id: number;
  kind: string;
  userId: number | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface NewJob {
  kind: string;
  userId?: number | null;
  payload?: Record<string, unknown>;
  /** refuse the job while another with this key is queued or running */
  singletonKey?: string;
}

function tablesOf(db: Database) {
  return db.withTables<JobTables>();
}

function jobOf(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    payload: fromJson<Record<string, unknown>>(row.payload, {}),
    attempts: row.attempts,
  };
}

/** Answers the new job's id, or null when a live job holds the same singleton key. */
export async function insertJob(db: Database, job: NewJob): Promise<number | null> {
  try {
    const row = await tablesOf(db)
      .insertInto('jobs')
      .values({
        kind: job.kind,
        user_id: job.userId ?? null,
        payload: toJson(job.payload ?? {}),
        singleton_key: job.singletonKey ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (job.singletonKey !== undefined && uniqueViolationColumns(error) !== null) return null;
    throw error;
  }
}

/** Queued jobs of the given kinds whose owner has nothing running, oldest first. */
function listClaimCandidates(db: Database, kinds: string[], limit: number): Promise<JobRow[]> {
  return tablesOf(db)
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', 'queued')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb('user_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs as running')
              .select('running.id')
              .where('running.status', '=', 'running')
              .whereRef('running.user_id', '=', 'jobs.user_id'),
          ),
        ),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Moves one queued job to running for this worker. The guarded UPDATE (status still queued) means two workers
 * never both win the same row; the partial unique index on running jobs per owner refuses a second running
 * job of the same owner even when two workers claim two of its jobs at the same instant.
 */
async function claimJob(db: Database, jobId: number, workerId: string): Promise<boolean> {
  const now = nowIso();
  try {
    const result = await tablesOf(db)
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        claimed_by: workerId,
        started_at: now,
        heartbeat_at: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (uniqueViolationColumns(error) !== null) return false;
    throw error;
  }
}

/** The oldest claimable job of the given kinds, now running for this worker; null when there is none. */
export async function claimNextJob(db: Database, kinds: string[], workerId: string): Promise<Job | null> {
  const candidates = await listClaimCandidates(db, kinds, 10);
  for (const candidate of candidates) {
    if (await claimJob(db, candidate.id, workerId)) {
      return jobOf({ ...candidate, attempts: candidate.attempts + 1 });
    }
  }
  return null;
}

export async function touchJob(db: Database, jobId: number, workerId: string): Promise<void> {
  await tablesOf(db)
    .updateTable('jobs')
    .set({ heartbeat_at: nowIso() })
    .where('id', '=', jobId)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

export async function finishJob(
  db: Database,
  jobId: number,
  workerId: string,
  outcome: { status: 'done' | 'failed' | 'queued'; error?: string },
): Promise<void> {
  const isFinal = outcome.status !== 'queued';
  await tablesOf(db)
    .updateTable('jobs')
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      finished_at: isFinal ? nowIso() : null,
      claimed_by: isFinal ? workerId : null,
    })
    .where('id', '=', jobId)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Jobs still marked running whose worker stopped beating before `staleBefore` (a dead process): queued again,
 * or failed once they used up their attempts. Answers how many were recovered.
 */
export async function recoverStaleJobs(
  db: Database,
  staleBefore: string,
  maxAttempts: number,
): Promise<number> {
  const staleJobs = () =>
    tablesOf(db).updateTable('jobs').where('status', '=', 'running').where('heartbeat_at', '<', staleBefore);
  const failed = await staleJobs()
    .set({ status: 'failed', error: 'abandoned by a stopped worker', finished_at: nowIso() })
    .where('attempts', '>=', maxAttempts)
    .executeTakeFirst();
  const requeued = await staleJobs()
    .set({ status: 'queued', claimed_by: null })
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(failed.numUpdatedRows) + Number(requeued.numUpdatedRows);
}

export interface RunningJob {
  id: number;
  claimedBy: string | null;
  attempts: number;
}

/** Every running job and who holds it, for the runner to tell which holders are gone. */
export async function listRunningJobs(db: Database): Promise<RunningJob[]> {
  const rows = await tablesOf(db)
    .selectFrom('jobs')
    .select(['id', 'claimed_by', 'attempts'])
    .where('status', '=', 'running')
    .execute();
  return rows.map((row) => ({ id: row.id, claimedBy: row.claimed_by, attempts: row.attempts }));
}

/**
 * A running job whose holder is gone: queued again, or failed once it used up its attempts. Guarded by the
 * holder, so a job that finished or changed hands meanwhile is left alone. Answers whether it was released.
 */
export async function releaseAbandonedJob(
  db: Database,
  job: RunningJob,
  maxAttempts: number,
): Promise<boolean> {
  const isSpent = job.attempts >= maxAttempts;
  const result = await tablesOf(db)
    .updateTable('jobs')
    .set(
      isSpent
        ? { status: 'failed', error: 'abandoned by a stopped worker', finished_at: nowIso() }
        : { status: 'queued', claimed_by: null },
    )
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('claimed_by', job.claimedBy === null ? 'is' : '=', job.claimedBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a job with this singleton key is queued or running. */
export async function isSingletonLive(db: Database, singletonKey: string): Promise<boolean> {
  const row = await tablesOf(db)
    .selectFrom('jobs')
    .select('id')
    .where('singleton_key', '=', singletonKey)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function findJob(db: Database, jobId: number): Promise<JobRow | undefined> {
  return tablesOf(db).selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}
