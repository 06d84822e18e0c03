/**
 * The one hook every change to a command's examples goes through (save, delete, status, tag removal, copies,
 * command deletion). The NLU integration subscribes to it to retrain incrementally; with no subscriber it does
 * nothing.
 */
export type ExamplesChangedListener = (userId: number, commandIds: number[]) => void | Promise<void>;

const listeners = new Set<ExamplesChangedListener>();

/** Answers the unsubscribe function. */
export function subscribeToExampleChanges(listener: ExamplesChangedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called after the change is committed, once for all the commands one request changed (a clone of a whole
 * service is one call, so the listener can update the model once). A failing listener is reported, never undoes
 * the saved change.
 */
export async function onExamplesChanged(userId: number, commandIds: number[]): Promise<void> {
  const results = await Promise.allSettled(
    [...listeners].map(async (listener) => listener(userId, commandIds)),
  );
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0) throw new AggregateError(failures, 'an examples-changed listener failed');
}

/** Notifies the listeners of the changed commands, logging listener failures instead of failing the request. */
export async function notifyExamplesChanged(
  log: { error(object: unknown, message: string): void },
  userId: number,
  commandIds: Iterable<number>,
): Promise<void> {
  const changed = [...new Set(commandIds)];
  if (changed.length === 0) return;
  await onExamplesChanged(userId, changed).catch((error: unknown) =>
    log.error({ err: error, commandIds: changed }, 'examples-changed listener failed'),
  );
}
