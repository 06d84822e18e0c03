import { UNKNOWN_TABLE, writeWatchOf } from './write-watch.ts';

export interface WriteCacheOptions {
  /** the tables whose writes empty the cache: these only, or all but these (tables nothing cached comes from) */
  tables: { only: ReadonlySet<string> } | { allBut: ReadonlySet<string> };
  /**
   * How old an entry may get before it is loaded again. This process's writes are seen at once (write-watch.ts);
   * another process's writes to the same database (several servers on one PostgreSQL) once an entry read
   * before them is this old and has been loaded again.
   */
  maxAgeMs: number;
  /** the oldest entries are dropped beyond this many */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  loadedAt: number;
  /** a newer value is being loaded in the background */
  isRefreshing: boolean;
}

interface Store<V> {
  entries: Map<string, Entry<V>>;
}

/** Freezes a cached value so that no reader can change what the next one gets. */
function deepFreeze<V>(value: V): V {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * Values read from the database, kept per database handle until a write to one of `tables` commits through that
 * handle, and loaded again once `maxAgeMs` old. A write empties the whole cache, loads in flight included: a
 * value read while a write was being made is not kept past that write's report. Values are frozen and shared by
 * every reader. A handle not opened by openDatabase (no write watch) is not cached.
 */
export class WriteCache<V> {
  readonly #stores = new WeakMap<object, Store<V> | null>();
  readonly #now: () => number;

  private readonly options: WriteCacheOptions;
  constructor(options: WriteCacheOptions) {
    this.options = options;
    this.#now = options.now ?? Date.now;
  }

  #storeOf(db: object): Store<V> | null {
    let store = this.#stores.get(db);
    if (store !== undefined) return store;
    const watch = writeWatchOf(db);
    if (watch) {
      const created: Store<V> = { entries: new Map() };
      watch.subscribe((tables) => {
        if (tables.some((table) => this.#isReadFrom(table))) created.entries.clear();
      });
      store = created;
    } else {
      store = null;
    }
    this.#stores.set(db, store);
    return store;
  }

  #isReadFrom(table: string): boolean {
    const { tables } = this.options;
    if (table === UNKNOWN_TABLE) return true;
    return 'only' in tables ? tables.only.has(table) : !tables.allBut.has(table);
  }

  /**
   * The value under `key`, loaded by `load` when missing. An entry older than `maxAgeMs` is still answered while
   * a fresh one loads in the background, so readers never wait for a reload (only for a first load).
   */
  get(db: object, key: string, load: () => Promise<V>): Promise<V> {
    const store = this.#storeOf(db);
    if (!store) return load();
    const cached = store.entries.get(key);
    if (!cached) return this.#load(store, key, load).value;
    if (!cached.isRefreshing && this.#now() - cached.loadedAt >= this.options.maxAgeMs) {
      cached.isRefreshing = true;
      // stored only if `cached` is still there once loaded: a write in between dropped it
      const fresh = this.#load(store, key, load, cached);
      fresh.value.catch(() => {
        cached.isRefreshing = false;
      });
    }
    return cached.value;
  }

  /** Loads an entry; it replaces `stale` when given (once loaded), else it is stored at once. */
  #load(store: Store<V>, key: string, load: () => Promise<V>, stale?: Entry<V>): Entry<V> {
    const entry: Entry<V> = { value: load().then(deepFreeze), loadedAt: this.#now(), isRefreshing: false };
    if (stale) {
      void entry.value.then(
        () => {
          if (store.entries.get(key) === stale) this.#put(store, key, entry);
        },
        () => undefined,
      );
    } else {
      this.#put(store, key, entry);
      entry.value.catch(() => {
        if (store.entries.get(key) === entry) store.entries.delete(key);
      });
    }
    return entry;
  }

  #put(store: Store<V>, key: string, entry: Entry<V>): void {
    store.entries.delete(key);
    store.entries.set(key, entry);
    if (store.entries.size > this.options.maxEntries) {
      const oldest = store.entries.keys().next().value;
      if (oldest !== undefined) store.entries.delete(oldest);
    }
  }
}
