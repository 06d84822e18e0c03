import { isoAfter } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { listOwnersBehind } from './model-state-repository.ts';
import { isUpdatingModels, requestModelUpdate } from './model-updates.ts';

export interface SweeperTimings {
  /** how often the owners whose models are behind are looked for (default 10 s) */
  everyMs: number;
  /** how long a change may wait for the process that saved it before any process updates it (default 30 s) */
  graceMs: number;
}

export const defaultSweeperTimings: SweeperTimings = { everyMs: 10_000, graceMs: 30_000 };

/**
 * The models of a change whose update was lost — the process that saved it stopped first — are updated by the
 * next sweep of any process: the owner's saved changes outnumber those its models reflect (`nlu_model_state`),
 * and the newest is older than the grace. Runs once at start too.
 */
export function startModelSweeper(
  db: Database,
  log: { error(object: unknown, message: string): void },
  timings: SweeperTimings = defaultSweeperTimings,
): { stop(): Promise<void> } {
  let isStopped = false;
  async function sweep(): Promise<void> {
    const owners = await listOwnersBehind(db, isoAfter(-timings.graceMs));
    for (const userId of owners) {
      if (isStopped) return;
      if (!isUpdatingModels(db, userId)) await requestModelUpdate(db, userId, 'all');
    }
  }
  let running: Promise<void> | null = null;
  const tick = () => {
    if (isStopped || running) return;
    running = sweep()
      .catch((error: unknown) => log.error({ err: error }, 'model sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, timings.everyMs);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
