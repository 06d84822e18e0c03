/**
 * A token bucket: `rate` tokens a second, holding at most `burst` (default one second's worth). `take()`
 * resolves when a token is free; `pause(ms)` empties it until then (a platform's 429 `retry_after`).
 */
export class TokenBucket {
  #tokens: number;
  #updatedAt: number;
  #pausedUntil = 0;
  readonly #burst: number;

  readonly rate: number;
  private readonly clock: () => number;
  constructor(rate: number, burst?: number, clock: () => number = Date.now) {
    this.rate = rate;
    this.clock = clock;
    this.#burst = Math.max(1, burst ?? rate);
    this.#tokens = this.#burst;
    this.#updatedAt = clock();
  }

  #refill(now: number): void {
    const from = Math.max(this.#updatedAt, this.#pausedUntil);
    if (now > from) this.#tokens = Math.min(this.#burst, this.#tokens + ((now - from) / 1000) * this.rate);
    this.#updatedAt = Math.max(now, this.#updatedAt);
  }

  /** How long until `count` tokens are free (0: now), without taking them; count is at most the burst. */
  waitMs(count = 1): number {
    const now = this.clock();
    if (now < this.#pausedUntil) return this.#pausedUntil - now;
    this.#refill(now);
    const wanted = Math.min(count, this.#burst);
    return this.#tokens >= wanted ? 0 : Math.ceil(((wanted - this.#tokens) / this.rate) * 1000);
  }

  /** Takes a token now if one is free. */
  tryTake(): boolean {
    if (this.waitMs() > 0) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Waits until `count` tokens (at most the burst) are free and takes them. */
  async take(sleep: (ms: number) => Promise<void> = defaultSleep, count = 1): Promise<void> {
    const wanted = Math.min(count, this.#burst);
    for (;;) {
      const wait = this.waitMs(wanted);
      if (wait === 0) {
        this.#tokens -= wanted;
        return;
      }
      await sleep(wait);
    }
  }

  pause(ms: number): void {
    const now = this.clock();
    this.#refill(now);
    this.#tokens = 0;
    this.#pausedUntil = Math.max(this.#pausedUntil, now + ms);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Buckets by key (one per chat), created on first use and forgotten when full again. */
export class KeyedBuckets {
  readonly #buckets = new Map<string, TokenBucket>();

  private readonly rate: number;
  private readonly clock: () => number;
  constructor(rate: number, clock: () => number = Date.now) {
    this.rate = rate;
    this.clock = clock;
  }

  of(key: string): TokenBucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size > 10_000) this.#buckets.clear();
      bucket = new TokenBucket(this.rate, 1, this.clock);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }
}
