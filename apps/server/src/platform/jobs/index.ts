export type { Job, NewJob } from './job-repository.ts';
export { findJob } from './job-repository.ts';
export {
  createJobRunner,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
} from './job-runner.ts';
export type { JobStatus } from './job-tables.ts';
