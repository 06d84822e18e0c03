import type { Database } from '../db/database.ts';
import { addHits, deleteWindowsBefore } from './rate-limit-repository.ts';

export interface RateLimitRule {
  /** names the limit in the shared table (`widget.sender`, `subscriptions.api`…) */
  name: string;
  /** hits allowed per key in each window */
  limit: number;
  windowMs: number;
  /**
   * How many hits a process reserves from the shared count at a time, then hands out from memory. 1 is exact
   * (every hit is a write); more saves writes on busy keys at the price of refusing a little early while other
   * processes hold unused reservations. Never lets more through than `limit`.
   */
  block?: number;
}

interface Reservation {
  window: number;
  granted: number;
  used: number;
  /** the shared count reached the limit: refuse without asking again until the window ends */
  exhausted: boolean;
  /** a reservation on its way to the database */
  pending: Promise<void> | null;
}

const MAX_KEYS = 100_000;

/**
 * At most `limit` hits per key in each fixed window, counted in the database (`rate_limits`), so that every
 * server process on one database and a restart see the same count. A process reserves hits in blocks
 * (`block`) and hands them out from memory, which cannot let more through: the shared count is always at least
 * what was handed out.
 */
export class SharedRateLimiter {
  readonly #reservations = new Map<string, Reservation>();
  readonly #db: Database;
  readonly #rule: Required<RateLimitRule>;
  readonly #now: () => number;
  #sweptWindow = 0;

  constructor(db: Database, rule: RateLimitRule, now: () => number = Date.now) {
    this.#db = db;
    this.#rule = { block: 1, ...rule, limit: Math.max(0, Math.floor(rule.limit)) };
    this.#now = now;
  }

  /** Counts a hit; false when the key is over its limit in the current window. */
  async take(key: string): Promise<boolean> {
    const { windowMs } = this.#rule;
    const now = this.#now();
    const window = now - (now % windowMs);
    let reservation = this.#reservations.get(key);
    if (!reservation || reservation.window !== window) {
      if (this.#reservations.size >= MAX_KEYS) this.#prune(window);
      reservation = { window, granted: 0, used: 0, exhausted: false, pending: null };
      this.#reservations.set(key, reservation);
      this.#sweep(window);
    }
    // hits taken at once share one reservation at a time: each round either grants hits or finds the limit
    // reached, so the rounds end
    for (;;) {
      if (reservation.used < reservation.granted) {
        reservation.used += 1;
        this.#prefetch(key, reservation);
        return true;
      }
      if (reservation.exhausted || this.#rule.limit === 0) return false;
      await this.#reserve(key, reservation);
    }
  }

  /** Asks the shared count for the next block (one request at a time per key and process). */
  #reserve(key: string, reservation: Reservation): Promise<void> {
    reservation.pending ??= (async () => {
      const { limit, name } = this.#rule;
      const block = Math.max(1, Math.min(this.#rule.block, limit));
      try {
        const total = await addHits(this.#db, `${name}:${key}`, reservation.window, block);
        const granted = Math.max(0, Math.min(block, limit - (total - block)));
        reservation.granted += granted;
        if (granted < block) reservation.exhausted = true;
      } finally {
        reservation.pending = null;
      }
    })();
    return reservation.pending;
  }

  /**
   * A busy key's next block is asked for while half of this one is left, so its hits seldom wait for the
   * database (on SQLite that wait is behind the turn writer's transaction on the one connection). It never lets
   * more through: hits are handed out only from what the shared count granted.
   */
  #prefetch(key: string, reservation: Reservation): void {
    if (this.#rule.block < 4 || reservation.exhausted || reservation.pending) return;
    if (reservation.granted - reservation.used > this.#rule.block / 2) return;
    this.#reserve(key, reservation).catch(() => {
      // a failed prefetch is asked again by the next hit that needs it
    });
  }

  /** Once per window, the finished windows of this limit leave the table (in the background). */
  #sweep(window: number): void {
    if (this.#sweptWindow === window) return;
    this.#sweptWindow = window;
    deleteWindowsBefore(this.#db, `${this.#rule.name}:`, window).catch(() => {
      // a failed sweep is tried again next window; the counts themselves are unaffected
    });
  }

  #prune(window: number): void {
    for (const [key, reservation] of this.#reservations) {
      if (reservation.window !== window) this.#reservations.delete(key);
    }
    if (this.#reservations.size >= MAX_KEYS) {
      const oldest = this.#reservations.keys().next().value;
      if (oldest !== undefined) this.#reservations.delete(oldest);
    }
  }
}
