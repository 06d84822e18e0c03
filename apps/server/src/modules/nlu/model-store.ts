import type { Model } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { WriteCache } from '../../platform/db/write-cache.ts';
import {
  deleteModel,
  findModelRow,
  findModelStamp,
  type ModelKey,
  type ModelStamp,
  writeModel,
} from './model-repository.ts';

export interface StoredModel {
  model: Model;
  version: number;
  trainedAt: string;
}

/**
 * Models parsed once per process and reused while the stored version is unchanged. Keyed by database first:
 * tests run several servers, each on its own database, in one process.
 */
const caches = new WeakMap<Database, Map<string, StoredModel>>();

function cacheOf(db: Database): Map<string, StoredModel> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function cacheKey(key: ModelKey): string {
  return `${key.userId}/${key.lang}/${key.parser}`;
}

/**
 * The stored versions as last read, for the message path: kept until this process writes a model (seen at once)
 * or for a second (another process's write is used within that second).
 */
const recentStamps = new WriteCache<ModelStamp | null>({
  tables: { only: new Set(['nlu_models']) },
  maxAgeMs: 1000,
  maxEntries: 10_000,
});

/**
 * The current model, from the cache when its version is still the stored one; null when none is stored.
 * `isRecentEnough`: a version read in the last second will do (understanding a message), instead of reading it
 * now (updates, which must start from the stored version).
 */
export async function loadModel(
  db: Database,
  key: ModelKey,
  options: { isRecentEnough?: boolean } = {},
): Promise<StoredModel | null> {
  const cache = cacheOf(db);
  const cached = cache.get(cacheKey(key));
  const stamp = options.isRecentEnough
    ? await recentStamps.get(db, cacheKey(key), () => findModelStamp(db, key))
    : await findModelStamp(db, key);
  if (!stamp) {
    cache.delete(cacheKey(key));
    return null;
  }
  if (cached && cached.version === stamp.version) return cached;
  const row = await findModelRow(db, key);
  if (!row) return null;
  const stored = { model: JSON.parse(row.json) as Model, version: row.version, trainedAt: row.trainedAt };
  cache.set(cacheKey(key), stored);
  return stored;
}

/** What an update makes of the current model: a new model, no model (empty corpus), or no change. */
export type ModelUpdate = { model: Model | null; isFullTraining: boolean } | 'unchanged';

const MAX_ATTEMPTS = 8;

/**
 * Applies `update` to the current stored model and writes the result if nobody wrote in between; otherwise
 * reloads and applies it again (optimistic concurrency, so several processes may update one owner's models).
 * Answers whether anything was written.
 */
export async function updateModel(
  db: Database,
  key: ModelKey,
  update: (current: StoredModel | null) => Promise<ModelUpdate>,
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const current = await loadModel(db, key);
    const next = await update(current);
    if (next === 'unchanged') return false;
    if (await storeUpdate(db, key, current, next)) return true;
  }
  throw new Error(`model ${cacheKey(key)} kept changing; update given up`);
}

async function storeUpdate(
  db: Database,
  key: ModelKey,
  current: StoredModel | null,
  next: { model: Model | null; isFullTraining: boolean },
): Promise<boolean> {
  const cache = cacheOf(db);
  if (next.model === null) {
    if (!current) return true;
    const isDeleted = await deleteModel(db, key, current.version);
    if (isDeleted) cache.delete(cacheKey(key));
    return isDeleted;
  }
  const write = {
    json: JSON.stringify(next.model),
    hash: next.model.hash,
    isFullTraining: next.isFullTraining,
  };
  const version = await writeModel(db, key, current?.version ?? null, write);
  if (version === null) return false;
  const trainedAt = next.isFullTraining || !current ? new Date().toISOString() : current.trainedAt;
  cache.set(cacheKey(key), { model: next.model, version, trainedAt });
  return true;
}
