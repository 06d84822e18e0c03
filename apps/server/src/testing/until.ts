/**
 * Reads until the answer is defined (polling every 25 ms), or fails naming what did not happen in time: a test's
 * wait for work done by another part of the server (a worker, a dispatcher).
 */
export async function until<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
