import type { Database } from '../../platform/db/database.ts';

const tails = new WeakMap<Database, Map<number, Promise<unknown>>>();

/**
 * Runs model writes of one owner one after another within this process, so concurrent example saves do not
 * race each other's version checks (other processes are handled by the version check itself).
 */
export function withOwnerLock<T>(db: Database, userId: number, work: () => Promise<T>): Promise<T> {
  let owners = tails.get(db);
  if (!owners) {
    owners = new Map();
    tails.set(db, owners);
  }
  const previous = owners.get(userId) ?? Promise.resolve();
  const result = previous.catch(() => undefined).then(work);
  const tail = result.catch(() => undefined);
  owners.set(userId, tail);
  void tail.then(() => {
    if (owners.get(userId) === tail) owners.delete(userId);
  });
  return result;
}
