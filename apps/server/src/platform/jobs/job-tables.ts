import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, Timestamp } from '../db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** `jobs` (migration 0006): the durable queue of background work (see job-runner.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** the owner the job works for; at most one of an owner's jobs runs at a time */
  user_id: number | null;
  payload: WithDefault<JsonText>;
  status: WithDefault<JobStatus>;
  /** while a job with this key is queued or running, another with the same key is refused */
  singleton_key: string | null;
  attempts: WithDefault<number>;
  error: string | null;
  claimed_by: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export type JobTables = { jobs: JobsTable };
