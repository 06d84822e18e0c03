import { type CheckIfFreeResponse, type ModelState, nluMessages } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { findLastTraining } from './last-training-repository.ts';
import { findModelState } from './model-state-repository.ts';
import { isUpdatingModels } from './model-updates.ts';
import { isTrainingBusy, TRAIN_JOB_KIND } from './training-jobs.ts';

/**
 * `updating` while a saved change is not yet in the live models — recorded in the database, so a change saved
 * through another process shows too — or while this process is updating them; else `up_to_date`.
 */
export async function modelStateOf(db: Database, userId: number): Promise<ModelState> {
  if (isUpdatingModels(db, userId)) return 'updating';
  const { wanted, live } = await findModelState(db, userId);
  return live < wanted ? 'updating' : 'up_to_date';
}

/**
 * GET /command_example/check-if-free: "still running" (status 0) while the owner's training is queued or
 * running, else "free"; either way with the last training that ended, so the console can tell how it went, and
 * the models' state.
 */
export async function checkIfFree(
  db: Database,
  runner: JobRunner,
  userId: number,
): Promise<CheckIfFreeResponse> {
  const [isBusy, lastTraining, model] = await Promise.all([
    isTrainingBusy(runner, userId),
    findLastTraining(db, userId, TRAIN_JOB_KIND),
    modelStateOf(db, userId),
  ]);
  return isBusy
    ? { status: 0, msg: nluMessages.stillRunning, last_training: lastTraining, model }
    : { status: 1, msg: nluMessages.free, last_training: lastTraining, model };
}
