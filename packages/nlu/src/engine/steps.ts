/**
 * A computation written as a generator: each `yield` marks a point where it may stop for a while, so a caller
 * on a thread that answers requests can let them run between its steps. `finishSteps` runs it at once.
 */
export type Steps<T> = Generator<void, T, void>;

export function finishSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs `steps`, awaiting `pause()` between them. */
export async function runSteps<T>(steps: Steps<T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause();
  }
}
