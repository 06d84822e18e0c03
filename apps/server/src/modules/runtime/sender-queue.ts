/**
 * Runs tasks one after another per key, within this process: two messages of the same sender never run their
 * turns at the same time here (other processes are kept honest by the bank's version check).
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return next;
  }

  get size(): number {
    return this.#tails.size;
  }
}
