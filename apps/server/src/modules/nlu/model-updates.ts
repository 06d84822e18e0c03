import type { Database } from '../../platform/db/database.ts';
import type { NluLang } from './reconcile-model.ts';
import { type LearnedScope, syncOwnerModels } from './sync-models.ts';

/**
 * Model updates in the background: a save only records that the owner's models are behind
 * (`markExamplesChanged`) and asks for an update here; the save answers at once, conversations keep answering
 * from the live model, and the new model replaces it when the worker has built it.
 *
 * One update per owner runs at a time in a process. Requests that arrive meanwhile are coalesced into a single
 * next update, which reads the latest examples: 250 saves in a row cost a handful of updates, not 250.
 */
interface Batch {
  learned: Set<number> | 'all';
  done: Promise<void>;
  resolve(): void;
}

interface OwnerUpdates {
  isRunning: boolean;
  next: Batch | null;
  /** the batch being applied, until it ends */
  current: Batch | null;
}

export interface ModelUpdateHooks {
  /** after an update changed the models of these languages (the module queues a recalibrating refresh) */
  onModelsChanged?(userId: number, langs: NluLang[]): Promise<void>;
  log?: { error(object: unknown, message: string): void };
}

interface Registry {
  owners: Map<number, OwnerUpdates>;
  hooks: ModelUpdateHooks;
}

/**
 * An owner's next update starts at least this long after the last one started. Each update writes the owner's
 * models (a 50 × 5 bot's default model is about 1.3 MB of JSON) with the database's full sync: an owner saving
 * example after example would otherwise write them back to back and take the disk from every conversation. The
 * saves in between are coalesced into the next update, so an example is used within about this long plus the
 * update itself.
 */
export const MIN_UPDATE_GAP_MS = 400;

const registries = new WeakMap<Database, Registry>();

function registryOf(db: Database): Registry {
  let registry = registries.get(db);
  if (!registry) {
    registry = { owners: new Map(), hooks: {} };
    registries.set(db, registry);
  }
  return registry;
}

/** What the NLU module does after updates on this database (queue a refresh, log failures). */
export function setModelUpdateHooks(db: Database, hooks: ModelUpdateHooks): void {
  registryOf(db).hooks = hooks;
}

function newBatch(): Batch {
  let resolve = () => {};
  const done = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { learned: new Set(), done, resolve };
}

function merge(batch: Batch, learned: Iterable<number> | 'all'): void {
  if (batch.learned === 'all') return;
  if (learned === 'all') batch.learned = 'all';
  else for (const commandId of learned) batch.learned.add(commandId);
}

async function drain(db: Database, registry: Registry, userId: number, owner: OwnerUpdates): Promise<void> {
  owner.isRunning = true;
  let lastStartedAt = 0;
  try {
    while (owner.next) {
      const wait = lastStartedAt + MIN_UPDATE_GAP_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStartedAt = Date.now();
      const batch = owner.next;
      if (!batch) break;
      owner.next = null;
      owner.current = batch;
      try {
        const changed = await syncOwnerModels(db, userId, batch.learned as LearnedScope);
        if (changed.length > 0) await registry.hooks.onModelsChanged?.(userId, changed);
      } catch (error) {
        registry.hooks.log?.error({ err: error, userId }, 'model update failed');
      } finally {
        owner.current = null;
        batch.resolve();
      }
    }
  } finally {
    owner.isRunning = false;
    if (registry.owners.get(userId) === owner) registry.owners.delete(userId);
  }
}

/**
 * Asks for the owner's models to be brought in line with the examples, re-learning the values of these commands
 * (or of every one). Answers when an update that began after this request has ended; callers on the request path
 * do not wait for it.
 */
export function requestModelUpdate(
  db: Database,
  userId: number,
  learned: Iterable<number> | 'all',
): Promise<void> {
  const registry = registryOf(db);
  let owner = registry.owners.get(userId);
  if (!owner) {
    owner = { isRunning: false, next: null, current: null };
    registry.owners.set(userId, owner);
  }
  owner.next ??= newBatch();
  merge(owner.next, learned);
  const { done } = owner.next;
  if (!owner.isRunning) void drain(db, registry, userId, owner);
  return done;
}

/** Whether this process is updating (or about to update) the owner's models. */
export function isUpdatingModels(db: Database, userId: number): boolean {
  return registryOf(db).owners.has(userId);
}

/** Waits until no update is running or waiting on this database (tests; a graceful stop). */
export async function modelUpdatesSettled(db: Database): Promise<void> {
  const { owners } = registryOf(db);
  while (owners.size > 0) {
    await Promise.all(
      [...owners.values()].map((owner) => (owner.next ?? owner.current)?.done ?? Promise.resolve()),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
}
