import type { Database } from '../platform/db/database.ts';

/** Whether the owner may point at the row with this id (the owner's own, or one shared with them). */
export type IsUsable = (db: Database, userId: number, id: number) => Promise<boolean>;

/** One id a request carries: where it sits (the field error's key), what it must point at, what to say if not. */
export interface Reference<Kind extends string = string> {
  path: string;
  kind: Kind;
  /** null refers to nothing and passes; anything but a positive safe integer can point at nothing */
  id: number | null;
  message: string;
}

const isWellFormedId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * The references that point at nothing the owner may use (missing, or another owner's private row), in the
 * order given, each checked by the test of its kind in the caller's table. Each distinct kind and id is
 * looked up once.
 */
export async function findMissingReferences<Kind extends string>(
  db: Database,
  userId: number,
  references: readonly Reference<Kind>[],
  kinds: Record<Kind, IsUsable>,
): Promise<Reference<Kind>[]> {
  const usable = new Map<string, boolean>();
  const missing: Reference<Kind>[] = [];
  for (const reference of references) {
    const { kind, id } = reference;
    if (id === null) continue;
    const key = `${kind}:${id}`;
    let isUsable = usable.get(key);
    if (isUsable === undefined) {
      isUsable = isWellFormedId(id) && (await kinds[kind](db, userId, id));
      usable.set(key, isUsable);
    }
    if (!isUsable) missing.push(reference);
  }
  return missing;
}
