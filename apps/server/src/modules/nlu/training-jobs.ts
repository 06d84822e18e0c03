import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobHandler, JobRunner } from '../../platform/jobs/index.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { isNluLang, NLU_LANGS, type NluLang } from './reconcile-model.ts';
import { trainOwnerModels } from './train-owner.ts';

export const TRAIN_JOB_KIND = 'nlu.train';

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

function langsOf(payload: Record<string, unknown>): NluLang[] {
  const langs = Array.isArray(payload.langs) ? payload.langs.filter((lang) => isNluLang(String(lang))) : [];
  return langs.length > 0 ? (langs as NluLang[]) : [...NLU_LANGS];
}

export function trainingJobHandler(db: Database): JobHandler {
  return async (job, context) => {
    if (job.userId === null) throw new Error('a training job needs an owner');
    await trainOwnerModels(db, job.userId, { langs: langsOf(job.payload), heartbeat: context.heartbeat });
  };
}
