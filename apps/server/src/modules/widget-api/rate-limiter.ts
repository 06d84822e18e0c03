interface Window {
  count: number;
  resetsAt: number;
}

/** At most `limit` hits per key in each `windowMs`; memory is bounded by pruning finished windows. */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts a hit; false when the key is over its limit for the current window. */
  take(key: string): boolean {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (this.#windows.size >= this.maxKeys) this.#prune(now);
      window = { count: 0, resetsAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (window.resetsAt <= now) this.#windows.delete(key);
    // still full: every key is active; forget the oldest rather than grow without bound
    if (this.#windows.size >= this.maxKeys) {
      const oldest = this.#windows.keys().next().value;
      if (oldest !== undefined) this.#windows.delete(oldest);
    }
  }
}
