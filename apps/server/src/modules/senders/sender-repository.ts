import type { Database } from '../../platform/db/database.ts';

export interface NewSender {
  userId: number;
  senderId: string;
  platform: string;
  name?: string;
  username?: string;
}

/** Records an end user talking to the owner's bot (once per platform and sender id). */
export async function insertSender(db: Database, sender: NewSender): Promise<number> {
  const row = await db
    .insertInto('senders')
    .values({
      user_id: sender.userId,
      sender_id: sender.senderId,
      platform: sender.platform,
      name: sender.name ?? '',
      username: sender.username ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countSenders(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('senders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
