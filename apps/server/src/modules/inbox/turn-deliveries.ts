import type { TurnDelivery } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';

/**
 * Where the replies of a channel sender's turns stand. The channels send them and own their
 * queue (`channels/delivery-repository.ts`); they register how to read it here, so the transcript shows it without
 * the inbox depending on the channels.
 */
export type TurnDeliveryLookup = (
  db: Database,
  userId: number,
  turnIds: readonly number[],
) => Promise<Map<number, TurnDelivery>>;

const lookups = new WeakMap<Database, TurnDeliveryLookup>();

export function setTurnDeliveryLookup(db: Database, lookup: TurnDeliveryLookup | null): void {
  if (lookup) lookups.set(db, lookup);
  else lookups.delete(db);
}

/** The deliveries of these turns by turn id; none without channels (or for web messenger turns). */
export async function turnDeliveriesOf(
  db: Database,
  userId: number,
  turnIds: readonly number[],
): Promise<Map<number, TurnDelivery>> {
  const lookup = lookups.get(db);
  return lookup && turnIds.length > 0 ? lookup(db, userId, turnIds) : new Map();
}
