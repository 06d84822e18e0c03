import {
  augmentRequest,
  augmentResponse,
  checkIfFreeResponse,
  idParam,
  nluMessages,
  qualityResponse,
  trainResponse,
} from '@hiwar/contracts';
import { z } from 'zod';
import { subscribeToExampleChanges } from '../../kernel/examples-changed.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { createJobRunner, type JobRunner } from '../../platform/jobs/index.ts';
import { augmentExample } from './augment-example.ts';
import { markExamplesChanged } from './model-state-repository.ts';
import { type SweeperTimings, startModelSweeper } from './model-sweeper.ts';
import { modelUpdatesSettled, requestModelUpdate, setModelUpdateHooks } from './model-updates.ts';
import { qualityJobHandlers, scheduleQualityReport } from './quality-jobs.ts';
import { qualityReportsOf } from './quality-view.ts';
import {
  defaultStreamTimings,
  type OpenStreams,
  type StreamTimings,
  streamTrainingState,
} from './training-events.ts';
import { createRefreshScheduler, startTraining, trainingJobHandlers } from './training-jobs.ts';
import { checkIfFree } from './training-status.ts';

const tags = ['nlu'];
const security = [{ bearer: [] }];

async function trainingAnswer(started: boolean) {
  return started
    ? { status: 1 as const, msg: nluMessages.trainingStarted }
    : { status: 0 as const, msg: nluMessages.stillRunning };
}

export interface NluModuleOptions {
  /** how often the job runner looks at the queue (ms) */
  jobPollMs?: number;
  streamTimings?: StreamTimings;
  /** how often changes no model reflects are looked for, and how old they must be (model-sweeper.ts) */
  sweeperTimings?: SweeperTimings;
  /** how long an owner must stop editing before the models are retrained (default 5 s) */
  refreshQuietMs?: number;
}

/**
 * Training, augmentation and the quality report. Owns `nlu_*`; runs the training and quality jobs;
 * keeps the models in step with every example change (see README.md).
 */
export function createNluModule(options: NluModuleOptions = {}): AppModule {
  return {
    name: 'nlu',
    routes(app, { db, dialect, requireUser }) {
      const runner: JobRunner = createJobRunner({
        db,
        handlers: {
          ...trainingJobHandlers(db, { afterTraining: (userId) => scheduleQualityReport(runner, userId) }),
          ...qualityJobHandlers(db),
        },
        log: app.log,
        onlyLocalWorkers: dialect === 'sqlite',
        ...(options.jobPollMs !== undefined && { pollMs: options.jobPollMs }),
      });
      const streams: OpenStreams = new Set();
      const refreshes = createRefreshScheduler(runner, app.log, options.refreshQuietMs);
      setModelUpdateHooks(db, {
        log: app.log,
        onModelsChanged: async (userId) => refreshes.afterChange(userId),
      });
      // the save answers once its change is recorded; the models follow in the background (model-updates.ts)
      const unsubscribe = subscribeToExampleChanges(db, async (userId, commandIds) => {
        await markExamplesChanged(db, userId);
        void requestModelUpdate(db, userId, commandIds);
      });
      const sweeper = startModelSweeper(db, app.log, options.sweeperTimings);
      runner.start();
      app.addHook('preClose', async () => {
        for (const end of [...streams]) end();
      });
      app.addHook('onClose', async () => {
        unsubscribe();
        refreshes.stop();
        await sweeper.stop();
        await modelUpdatesSettled(db);
        await runner.stop();
      });

      const trainSchema = { tags, security, response: { 200: trainResponse } };
      app.get('/command_example/train', { onRequest: requireUser, schema: trainSchema }, async (request) =>
        trainingAnswer(await startTraining(db, runner, sessionOf(request).userId)),
      );
      app.get(
        '/command_example/train/:command_id',
        { onRequest: requireUser, schema: { ...trainSchema, params: z.object({ command_id: idParam }) } },
        async (request) =>
          trainingAnswer(
            await startTraining(db, runner, sessionOf(request).userId, request.params.command_id),
          ),
      );
      app.get(
        '/command_example/check-if-free',
        { onRequest: requireUser, schema: { ...trainSchema, response: { 200: checkIfFreeResponse } } },
        async (request) => checkIfFree(db, runner, sessionOf(request).userId),
      );

      // The sign-in token comes in the Authorization header only (the console reads the stream with fetch): a
      // token in the URL would end up in logs, proxies and the browser's history.
      app.get(
        '/command_example/trained_examples_check',
        { onRequest: requireUser, schema: { tags, security } },
        async (request, reply) => {
          const timings = options.streamTimings ?? defaultStreamTimings;
          streamTrainingState({ db, runner, streams, timings }, request, reply, sessionOf(request).userId);
          return reply;
        },
      );

      app.post(
        '/command_example/augment_example',
        {
          onRequest: requireUser,
          schema: { tags, security, body: augmentRequest, response: { 200: augmentResponse } },
        },
        async (request) => {
          const { value, max_samples, lev_min_ratio, example_command_id, typos } = request.body;
          const augmented = await augmentExample(db, sessionOf(request).userId, {
            value,
            maxSamples: max_samples,
            levMinRatio: lev_min_ratio,
            commandId: example_command_id ?? null,
            typos: typos ?? false,
          });
          return { status: 1 as const, augmented_texts: augmented };
        },
      );

      app.get(
        '/nlu/quality',
        { onRequest: requireUser, schema: { tags, security, response: { 200: qualityResponse } } },
        async (request) => qualityReportsOf(db, runner, sessionOf(request).userId),
      );
    },
  };
}

export const nluModule = createNluModule();
