import type { BotMessage } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { NoticeTables } from './notice-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<NoticeTables>();
}

export interface SenderNotice {
  id: number;
  message: BotMessage;
  createdAt: string;
}

/**
 * What a notice is, for a platform that treats it apart outside its messaging window: WhatsApp sends an order
 * confirmation as the owner's approved template (`params` its body parameters in order), Messenger a person's
 * reply during a hand-over with the HUMAN_AGENT tag.
 */
export interface NoticeAbout {
  /** `order_confirmed`: params the order number; `agent_reply`: a person answered the customer */
  kind: 'order_confirmed' | 'agent_reply';
  params: string[];
}

/**
 * Leaves a bot message for the sender outside a turn (the messenger reads it with GET …/notices); `about` says
 * what it is, for a platform's messaging window.
 */
export async function insertNotice(
  db: Database,
  sender: SenderKey,
  message: BotMessage,
  about: NoticeAbout | null = null,
): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('sender_notices')
    .values({
      user_id: sender.userId,
      platform: sender.platform,
      sender_id: sender.senderId,
      message: toJson(message),
      about: about === null ? null : toJson(about),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Leaves many notices at once (a broadcast's batch), each for its sender of the owner: one statement per 400
 * rows. Call it in the transaction that settles what they deliver.
 */
export async function insertNotices(
  db: Database,
  userId: number,
  notices: readonly { platform: string; senderId: string; message: BotMessage }[],
  createdAt: string,
): Promise<void> {
  for (let start = 0; start < notices.length; start += 400) {
    await tablesOf(db)
      .insertInto('sender_notices')
      .values(
        notices.slice(start, start + 400).map((notice) => ({
          user_id: userId,
          platform: notice.platform,
          sender_id: notice.senderId,
          message: toJson(notice.message),
          created_at: createdAt,
        })),
      )
      .execute();
  }
}

/**
 * The sender's newest notices (at most `limit`) created at or after `from` and, when given, before `until`,
 * answered oldest first.
 */
export async function listNoticesBetween(
  db: Database,
  sender: SenderKey,
  range: { from: string | null; until: string | null },
  limit: number,
): Promise<SenderNotice[]> {
  let query = tablesOf(db)
    .selectFrom('sender_notices')
    .select(['id', 'message', 'created_at'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId);
  if (range.from !== null) query = query.where('created_at', '>=', range.from);
  if (range.until !== null) query = query.where('created_at', '<', range.until);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    message: fromJson<BotMessage>(row.message, { type: 'text', text: '' }),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The sender's notices after a notice id, oldest first, at most `limit`. */
export async function listNotices(
  db: Database,
  sender: SenderKey,
  afterId: number,
  limit: number,
): Promise<SenderNotice[]> {
  const rows = await tablesOf(db)
    .selectFrom('sender_notices')
    .select(['id', 'message', 'created_at'])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    message: fromJson<BotMessage>(row.message, { type: 'text', text: '' }),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export interface RelayNotice {
  id: number;
  userId: number;
  platform: string;
  senderId: string;
  message: BotMessage;
}

/** What the owner's notice is, null when nothing a platform treats apart. */
export async function findNoticeAbout(
  db: Database,
  userId: number,
  noticeId: number,
): Promise<NoticeAbout | null> {
  const row = await tablesOf(db)
    .selectFrom('sender_notices')
    .select('about')
    .where('id', '=', noticeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return fromJson<NoticeAbout | null>(row?.about, null);
}

/** Notices for senders on these platforms (the messaging channels) not yet relayed, oldest first. */
export async function listNoticesToRelay(
  db: Database,
  platforms: readonly string[],
  limit: number,
): Promise<RelayNotice[]> {
  if (platforms.length === 0) return [];
  const rows = await tablesOf(db)
    .selectFrom('sender_notices')
    .select(['id', 'user_id', 'platform', 'sender_id', 'message'])
    .where('relayed_at', 'is', null)
    .where('platform', 'in', [...platforms])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    platform: row.platform,
    senderId: row.sender_id,
    message: fromJson<BotMessage>(row.message, { type: 'text', text: '' }),
  }));
}

/**
 * Marks a notice relayed (or given up, with the reason) — only if nobody did so meanwhile: answers whether this
 * call marked it, so two processes relaying at once send it once.
 */
export async function claimNoticeRelay(db: Database, id: number, at: string): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('sender_notices')
    .set({ relayed_at: at })
    .where('id', '=', id)
    .where('relayed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
