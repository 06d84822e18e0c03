import { deriveRuntimeFrom, isRuntimeReady, type Model, prepareRuntime } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { WriteCache } from '../../platform/db/write-cache.ts';
import {
  deleteModel,
  findModelRow,
  findModelStamp,
  type KnownClassifier,
  type ModelKey,
  type ModelStamp,
  writeModel,
} from './model-repository.ts';
import { type ModelText, modelFromText } from './model-text.ts';
import type { ModelJson } from './train-in-worker.ts';

/**
 * A stored model as this process keeps it: the JSON text until a message needs the model (an owner who only edits
 * never has it parsed on the server's thread), then the parsed model too. `text` answers the text when an update
 * needs it.
 */
export interface StoredModel {
  readonly version: number;
  readonly trainedAt: string;
  /** the model, parsed on first use */
  readonly model: Model;
  /** the commands the model knows (the message path checks the matchable ones against it) */
  readonly commands: ReadonlySet<number>;
  /** the model's JSON texts (model-text.ts) */
  text(): ModelText;
  /** the classifier's hash and text; null when the model has none */
  classifier(): KnownClassifier | null;
  /** the model if a message already needed it, else null */
  parsedModel(): Model | null;
  /** whether a message can use the model without building anything first */
  isReady(): boolean;
  /** parses the model and builds what predictions need a step at a time, letting requests run between steps */
  prepare(): Promise<void>;
}

/** How long preparing a model may hold the server's thread before the requests waiting meanwhile are answered. */
const PREPARE_SLICE_MS = 4;

/**
 * Paces the steps of preparing a model: they go on until PREPARE_SLICE_MS have passed, then the requests waiting
 * meanwhile are answered (setImmediate runs after pending I/O) before the next step.
 */
function slicePacer(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < PREPARE_SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

/**
 * `earlier`: the version this one replaces in the cache. If a message used it, the new version's runtime is
 * derived from its runtime (feature vectors, vocabulary, classifier) instead of from scratch.
 */
function storedModel(
  text: ModelText & { classifierHash: string | null },
  version: number,
  trainedAt: string,
  earlier?: StoredModel,
): StoredModel {
  let parsed: Model | null = null;
  let commands: Set<number> | null = null;
  let previous = earlier?.parsedModel() ?? null;
  let preparing: Promise<void> | null = null;
  const parse = (): Model => {
    if (!parsed) {
      parsed = modelFromText(text);
      if (previous) deriveRuntimeFrom(parsed, previous);
      previous = null; // the derivation holds what it needs: no chain of versions is kept
    }
    return parsed;
  };
  return {
    version,
    trainedAt,
    get model() {
      return parse();
    },
    parsedModel: () => parsed,
    get commands() {
      commands ??= new Set(parse().examples.map((example) => Number(example.command)));
      return commands;
    },
    text: () => text,
    classifier: () =>
      text.classifierHash === null || text.classifierJson === null
        ? null
        : { hash: text.classifierHash, json: text.classifierJson },
    isReady: () => parsed !== null && isRuntimeReady(parsed),
    prepare() {
      preparing ??= (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        const pace = slicePacer();
        const model = parse();
        await pace();
        await prepareRuntime(model, pace);
      })();
      return preparing;
    },
  };
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
  // the classifier is read only when it is not the one this process holds; a training that replaced it between
  // the two reads leaves none under the old hash, and the row is read again
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await findModelRow(db, key, cached?.classifier());
    if (!row) continue;
    const stored = storedModel(row, row.version, row.trainedAt, cached);
    cache.set(cacheKey(key), stored);
    return stored;
  }
  return null;
}

/**
 * The model a message is answered with. A version not ready yet — written by another process, or never used
 * here — is prepared a step at a time before the message uses it: this message waits for it, the other
 * conversations go on between the steps. (A version this process writes is prepared before it counts as live.)
 */
export async function loadAnsweringModel(db: Database, key: ModelKey): Promise<StoredModel | null> {
  const stored = await loadModel(db, key, { isRecentEnough: true });
  if (stored && !stored.isReady()) await stored.prepare();
  return stored;
}

/** What an update makes of the current model: a new model (JSON text), no model (empty corpus), or no change. */
export type ModelUpdate = { model: ModelJson | null; isFullTraining: boolean } | 'unchanged';

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
  next: { model: ModelJson | null; isFullTraining: boolean },
): Promise<boolean> {
  const cache = cacheOf(db);
  if (next.model === null) {
    if (!current) return true;
    const isDeleted = await deleteModel(db, key, current.version);
    if (isDeleted) cache.delete(cacheKey(key));
    return isDeleted;
  }
  const write = {
    ...next.model,
    replacedClassifierHash: current?.classifier()?.hash ?? null,
    isFullTraining: next.isFullTraining,
  };
  const version = await writeModel(db, key, current?.version ?? null, write);
  if (version === null) return false;
  const trainedAt = next.isFullTraining || !current ? new Date().toISOString() : current.trainedAt;
  const earlier = cache.get(cacheKey(key));
  const stored = storedModel(next.model, version, trainedAt, earlier);
  cache.set(cacheKey(key), stored);
  // a model that answers messages here: ready before the update counts as live, built off the message path
  if (earlier?.parsedModel()) await stored.prepare();
  return true;
}
