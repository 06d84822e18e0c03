import type { Database } from '../../platform/db/database.ts';
import type { JobHandler, JobRunner } from '../../platform/jobs/index.ts';
import { chatbotParserFor } from './chatbot-settings.ts';
import { findModelState } from './model-state-repository.ts';
import { dropQualityReportsBut, saveQualityReport } from './quality-repository.ts';
import { NLU_LANGS, type NluLang } from './reconcile-model.ts';
import { qualityInWorker } from './train-in-worker.ts';
import { trainingSetOfLang } from './train-owner.ts';

/**
 * The quality report: after each full training, the bot is cross-validated on its own examples
 * in a job of its own, in the quality worker (train-in-worker.ts). The job names its owner in its payload, not as
 * the job's owner: an owner's jobs run one at a time, and a report must not hold up the next Train.
 */
export const QUALITY_JOB_KIND = 'nlu.quality';

export function qualityKeyOf(userId: number): string {
  return `${QUALITY_JOB_KIND}:${userId}`;
}

/** Queues the owner's report unless one is already waiting or running. */
export async function scheduleQualityReport(runner: JobRunner, userId: number): Promise<void> {
  await runner.enqueue({
    kind: QUALITY_JOB_KIND,
    payload: { user_id: userId },
    singletonKey: qualityKeyOf(userId),
  });
}

export function isQualityReportBusy(runner: JobRunner, userId: number): Promise<boolean> {
  return runner.isLive(qualityKeyOf(userId));
}

/**
 * The owner's report of each language they have examples in, with the chatbot's parser for it; the reports of
 * languages without examples any more are dropped. Each records the example changes it reflects.
 */
export async function buildQualityReports(
  db: Database,
  userId: number,
  heartbeat?: () => Promise<void>,
): Promise<NluLang[]> {
  const { wanted } = await findModelState(db, userId);
  const langs: NluLang[] = [];
  for (const lang of NLU_LANGS) {
    const examples = await trainingSetOfLang(db, userId, lang);
    if (examples.length === 0) continue;
    langs.push(lang);
    const parser = await chatbotParserFor(db, userId, lang);
    const report = await qualityInWorker(examples, { lang, parser });
    await saveQualityReport(db, userId, { lang, parser, report, wantedVersion: wanted });
    await heartbeat?.();
  }
  await dropQualityReportsBut(db, userId, langs);
  return langs;
}

export function qualityJobHandlers(db: Database): Record<string, JobHandler> {
  return {
    [QUALITY_JOB_KIND]: async (job, context) => {
      const userId = Number(job.payload.user_id);
      if (!Number.isInteger(userId) || userId <= 0) throw new Error('a quality report needs an owner');
      await buildQualityReports(db, userId, context.heartbeat);
    },
  };
}
