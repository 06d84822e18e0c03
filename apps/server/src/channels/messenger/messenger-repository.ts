import type { Database } from '../../platform/db/database.ts';
import type { ChannelTables } from '../channel-tables.ts';
import { FACEBOOK } from './messenger-adapter.ts';

/** When the sender last wrote to the bot on Messenger (their latest stored update), or null. */
export async function lastMessageAt(db: Database, userId: number, senderId: string): Promise<Date | null> {
  const row = await db
    .withTables<ChannelTables>()
    .selectFrom('channel_updates')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .where('user_id', '=', userId)
    .where('channel', '=', FACEBOOK)
    .where('sender_id', '=', senderId)
    .executeTakeFirst();
  return row?.latest ? new Date(row.latest as string | Date) : null;
}
