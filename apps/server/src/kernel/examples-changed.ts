import type { Database } from '../platform/db/database.ts';

/**
 * The one hook every change to a command's examples goes through (save, delete, status, tag removal, copies,
 * command deletion). The NLU integration subscribes to it to mark the owner's models as behind and update them
 * in the background; with no subscriber it does nothing. Listeners are per database: several servers may run in
 * one process (the tests), each with its own.
 */
export type ExamplesChangedListener = (userId: number, commandIds: number[]) => void | Promise<void>;

const listenersByDb = new WeakMap<Database, Set<ExamplesChangedListener>>();

/** Answers the unsubscribe function. */
export function subscribeToExampleChanges(db: Database, listener: ExamplesChangedListener): () => void {
  let listeners = listenersByDb.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersByDb.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called after the change is committed, once for all the commands one request changed (a clone of a whole
 * service is one call, so the listener can update the model once). A failing listener is reported, never undoes
 * the saved change.
 */
export async function onExamplesChanged(db: Database, userId: number, commandIds: number[]): Promise<void> {
  const listeners = [...(listenersByDb.get(db) ?? [])];
  const results = await Promise.allSettled(listeners.map(async (listener) => listener(userId, commandIds)));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0) throw new AggregateError(failures, 'an examples-changed listener failed');
}

/** Notifies the listeners of the changed commands, logging listener failures instead of failing the request. */
export async function notifyExamplesChanged(
  db: Database,
  log: { error(object: unknown, message: string): void },
  userId: number,
  commandIds: Iterable<number>,
): Promise<void> {
  const changed = [...new Set(commandIds)];
  if (changed.length === 0) return;
  await onExamplesChanged(db, userId, changed).catch((error: unknown) =>
    log.error({ err: error, commandIds: changed }, 'examples-changed listener failed'),
  );
}

/**
 * Notifies the listeners that the owner's negative examples changed (no command's examples did): the models
 * follow as after an example's save. Listener failures are logged, as above.
 */
export async function notifyNegativesChanged(
  db: Database,
  log: { error(object: unknown, message: string): void },
  userId: number,
): Promise<void> {
  await onExamplesChanged(db, userId, []).catch((error: unknown) =>
    log.error({ err: error }, 'examples-changed listener failed after a negative example changed'),
  );
}
