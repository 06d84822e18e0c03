import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobHandler, JobRunner } from '../../platform/jobs/index.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { isNluLang, NLU_LANGS, type NluLang } from './reconcile-model.ts';
import { everyModelOf, storedModelsOf, trainOwnerModels } from './train-owner.ts';

/** The Train button: every language (or the command's), both parsers. */
export const TRAIN_JOB_KIND = 'nlu.train';
/**
 * After incremental updates: retrain the owner's existing models, because addExample keeps the classifier and
 * the out-of-scope threshold of the last full training (calibrated on fewer examples, often none).
 */
export const REFRESH_JOB_KIND = 'nlu.refresh';

/** One training queued or running per owner: the key makes the queue refuse a second one. */
export function trainingKeyOf(userId: number): string {
  return `${TRAIN_JOB_KIND}:${userId}`;
}

/**
 * Queues a full training of the owner's models: every language, or the command's language for a per-command
 * call. Answers false when one is already queued or running for the owner.
 */
export async function startTraining(
  db: Database,
  runner: JobRunner,
  userId: number,
  commandId?: number,
): Promise<boolean> {
  let langs: NluLang[] = [...NLU_LANGS];
  if (commandId !== undefined) {
    const command = await findOwnCommand(db, userId, commandId);
    if (!command) throw new AppError('not_found');
    langs = isNluLang(command.command_lang) ? [command.command_lang] : langs;
  }
  const jobId = await runner.enqueue({
    kind: TRAIN_JOB_KIND,
    userId,
    payload: { langs },
    singletonKey: trainingKeyOf(userId),
  });
  return jobId !== null;
}

export function isTrainingBusy(runner: JobRunner, userId: number): Promise<boolean> {
  return runner.isLive(trainingKeyOf(userId));
}

/** Queues a refresh unless one is already waiting or running for the owner. */
export async function scheduleRefresh(runner: JobRunner, userId: number): Promise<void> {
  await runner.enqueue({ kind: REFRESH_JOB_KIND, userId, singletonKey: `${REFRESH_JOB_KIND}:${userId}` });
}

/**
 * Refreshes once an owner has stopped editing for `quietMs` (default 5 s): an owner adding examples one after
 * another would otherwise retrain every model after every few saves. The examples are used at once anyway (the
 * update applies them); the refresh only recalibrates. A refresh lost with its process is made by the next
 * change.
 */
export function createRefreshScheduler(
  runner: JobRunner,
  log: { error(object: unknown, message: string): void },
  quietMs = 5000,
) {
  const timers = new Map<number, NodeJS.Timeout>();
  return {
    afterChange(userId: number): void {
      clearTimeout(timers.get(userId));
      const timer = setTimeout(() => {
        timers.delete(userId);
        scheduleRefresh(runner, userId).catch((error: unknown) =>
          log.error({ err: error, userId }, 'refresh could not be queued'),
        );
      }, quietMs);
      timer.unref();
      timers.set(userId, timer);
    },
    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

function langsOf(payload: Record<string, unknown>): NluLang[] {
  const langs = Array.isArray(payload.langs) ? payload.langs.map(String).filter(isNluLang) : [];
  return langs.length > 0 ? langs : [...NLU_LANGS];
}

/**
 * Test-only: `HIWAR_TEST_TRAINING_DELAY_MS` holds every Train job that long before it trains, so a process test
 * can kill the server while a training is running (platform/jobs/crash-recovery.test.ts). Never set it in
 * production; unset or 0 means no delay.
 */
export function testTrainingDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const delay = Number(env.HIWAR_TEST_TRAINING_DELAY_MS ?? 0);
  return Number.isInteger(delay) && delay > 0 ? delay : 0;
}

export interface TrainingJobOptions {
  delayMs?: number;
  /** after every full training (the Train button's, a refresh's): the quality report is queued */
  afterTraining?: (userId: number) => Promise<void>;
}

export function trainingJobHandlers(
  db: Database,
  { delayMs = testTrainingDelayMs(), afterTraining }: TrainingJobOptions = {},
): Record<string, JobHandler> {
  return {
    [TRAIN_JOB_KIND]: async (job, context) => {
      if (job.userId === null) throw new Error('a training job needs an owner');
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await trainOwnerModels(db, job.userId, everyModelOf(langsOf(job.payload)), context.heartbeat);
      await afterTraining?.(job.userId);
    },
    [REFRESH_JOB_KIND]: async (job, context) => {
      if (job.userId === null) throw new Error('a refresh job needs an owner');
      await trainOwnerModels(db, job.userId, await storedModelsOf(db, job.userId), context.heartbeat);
      await afterTraining?.(job.userId);
    },
  };
}
