/** Backoff between retries: 1 s, 2 s, 4 s… capped at 15 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 15_000);
}

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  sleep?: Sleep;
  /** called with true while a retryable failure is being waited out, false once a call succeeds */
  onReconnecting?(reconnecting: boolean): void;
  isRetryable(error: unknown): boolean;
}

/** Runs the call until it succeeds or fails for good, waiting longer after each retryable failure. */
export async function retryUntilDone<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.sleep ?? sleep;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await call();
      if (attempt > 0) options.onReconnecting?.(false);
      return result;
    } catch (error) {
      if (!options.isRetryable(error)) {
        if (attempt > 0) options.onReconnecting?.(false);
        throw error;
      }
      options.onReconnecting?.(true);
      await wait(backoffDelay(attempt));
    }
  }
}
