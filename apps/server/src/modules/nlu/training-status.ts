import { type CheckIfFreeResponse, nluMessages } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { findLastTraining } from './last-training-repository.ts';
import { isTrainingBusy, TRAIN_JOB_KIND } from './training-jobs.ts';

/**
 * GET /command_example/check-if-free: "still running" (status 0) while the owner's training is queued or
 * running, else "free"; either way with the last training that ended, so the console can tell how it went.
 */
export async function checkIfFree(
  db: Database,
  runner: JobRunner,
  userId: number,
): Promise<CheckIfFreeResponse> {
  const [isBusy, lastTraining] = await Promise.all([
    isTrainingBusy(runner, userId),
    findLastTraining(db, userId, TRAIN_JOB_KIND),
  ]);
  return isBusy
    ? { status: 0, msg: nluMessages.stillRunning, last_training: lastTraining }
    : { status: 1, msg: nluMessages.free, last_training: lastTraining };
}
