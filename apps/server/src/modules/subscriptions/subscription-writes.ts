import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { subscribeSender, unsubscribeSender } from './subscriber-repository.ts';

/**
 * What a turn changes in the sender's subscriptions, planned while it runs (the `sub` response, a `subscribe`
 * action, the fixed "unsubscribe" words) and written in the transaction that stores the turn — `/debug` and a
 * turn that lost a race change nothing.
 */
export type SubscriptionWrite =
  /** joins the owner's channels named (once each), with the values of the command's variables */
  | { kind: 'subscribe'; channelIds: number[]; vars: Record<string, string> }
  /** leaves every channel of the owner */
  | { kind: 'unsubscribe' };

export async function applySubscriptionWrites(
  db: Database,
  sender: SenderKey,
  writes: readonly SubscriptionWrite[],
  now: string,
): Promise<void> {
  for (const write of writes) {
    if (write.kind === 'subscribe') await subscribeSender(db, sender, write.channelIds, write.vars, now);
    else await unsubscribeSender(db, sender, now);
  }
}
