export interface AnswerCacheOptions {
  /** how long an answer is kept once it arrived */
  ttlMs: number;
  /** beyond this many, the least recently used answer goes */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  /** Infinity while the answer is on its way */
  expiresAt: number;
}

/**
 * Answers of a slow or metered service, per process: each kept `ttlMs` after it arrived, at most `maxEntries`
 * (least recently used first out). Callers asking for a key being loaded share that one load; a load that fails
 * is not kept, so the next caller asks again.
 */
export class AnswerCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: AnswerCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.#entries.get(key);
    this.#entries.delete(key);
    if (cached && cached.expiresAt > this.#now()) {
      this.#entries.set(key, cached);
      return cached.value;
    }
    const entry: Entry<V> = { value: load(), expiresAt: Number.POSITIVE_INFINITY };
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    entry.value.then(
      () => {
        entry.expiresAt = this.#now() + this.#ttlMs;
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry.value;
  }
}
