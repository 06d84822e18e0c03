import type { NotificationData, NotificationProgress } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import { type Audience, audienceQuery } from './subscriber-repository.ts';
import type { NotificationsTable, SubscriptionTables } from './subscription-tables.ts';

export type NotificationRow = Selectable<NotificationsTable>;

function tablesOf(db: Database) {
  return db.withTables<SubscriptionTables>();
}

class NothingToSend extends Error {}

/**
 * Creates the notification and its outbox — one row per recipient of the audience, copied by one
 * `insert … select` — in one transaction: a send is queued whole or not at all. Answers the id and the count;
 * a count of 0 rolls everything back and answers null.
 */
export async function enqueueNotification(
  db: Database,
  input: { userId: number; audience: Audience; data: NotificationData; source: 'console' | 'api' },
): Promise<{ id: number; count: number } | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const created = await tablesOf(trx)
        .insertInto('notifications')
        .values({
          channel_id: input.audience.channelId,
          user_id: input.userId,
          data: toJson(input.data),
          audience: toJson({ filter: input.audience.filter, platform: input.audience.platform }),
          source: input.source,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const recipients = audienceQuery(trx, input.audience).select((eb) => [
        eb.val(created.id).as('notification_id'),
        'subscribers.id as subscriber_id',
        'subscribers.platform',
        'subscribers.sender_id',
      ]);
      const inserted = await tablesOf(trx)
        .insertInto('notification_outbox')
        .columns(['notification_id', 'subscriber_id', 'platform', 'sender_id'])
        .expression(recipients)
        .executeTakeFirst();
      const count = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
      if (count === 0) throw new NothingToSend();
      await tablesOf(trx)
        .updateTable('notifications')
        .set({ total: count })
        .where('id', '=', created.id)
        .execute();
      return { id: created.id, count };
    })
    .catch((error: unknown) => {
      if (error instanceof NothingToSend) return null;
      throw error;
    });
}

export function dataOf(row: NotificationRow): NotificationData {
  return fromJson<NotificationData>(row.data, {
    type: 'text',
    title: '',
    subtitle: '',
    media: '',
    buttons: [],
    redirect_type: 'web_wedgit',
    redirect_link: '',
    platform: null,
  });
}

function isoOf(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function progressOf(row: NotificationRow): NotificationProgress {
  const data = dataOf(row);
  return {
    notification_id: row.id,
    channel_id: row.channel_id,
    status: row.status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    skipped: row.skipped,
    pending: Math.max(0, row.total - row.sent - row.failed - row.skipped),
    type: data.type,
    title: data.title,
    source: row.source,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: isoOf(row.finished_at),
  };
}

/** The channel's sends still going (oldest first), then its last finished ones (newest first). */
export async function listChannelNotifications(
  db: Database,
  channelId: number,
  finishedLimit = 5,
): Promise<NotificationRow[]> {
  const sending = await tablesOf(db)
    .selectFrom('notifications')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('status', '=', 'sending')
    .orderBy('id')
    .execute();
  const done = await tablesOf(db)
    .selectFrom('notifications')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('status', '=', 'done')
    .orderBy('id', 'desc')
    .limit(finishedLimit)
    .execute();
  return [...sending, ...done];
}

/** The channel's notifications after an id, whatever their status (a send that finished between two looks). */
export function listNotificationsAfter(
  db: Database,
  channelId: number,
  afterId: number,
): Promise<NotificationRow[]> {
  return tablesOf(db)
    .selectFrom('notifications')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

/** The channel's newest notification id (0: none yet). */
export async function lastNotificationId(db: Database, channelId: number): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Notifications by id (the stream re-reads the ones it follows). */
export function findNotifications(db: Database, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tablesOf(db).selectFrom('notifications').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** The last failed recipients of the channel's sends, newest first. */
export async function listChannelFailures(db: Database, channelId: number, limit = 20) {
  const rows = await tablesOf(db)
    .selectFrom('notification_outbox')
    .innerJoin('notifications', 'notifications.id', 'notification_outbox.notification_id')
    .select([
      'notification_outbox.platform',
      'notification_outbox.sender_id',
      'notification_outbox.error',
      'notification_outbox.settled_at',
    ])
    .where('notifications.channel_id', '=', channelId)
    .where('notification_outbox.status', '=', 'failed')
    .orderBy('notification_outbox.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    platform: row.platform,
    sender_id: row.sender_id,
    error: row.error ?? '',
    at: row.settled_at === null ? '' : new Date(row.settled_at).toISOString(),
  }));
}

/** Sends not finished, oldest first. */
export function listSendingNotifications(db: Database, limit = 20): Promise<NotificationRow[]> {
  return tablesOf(db)
    .selectFrom('notifications')
    .selectAll()
    .where('status', '=', 'sending')
    .orderBy('id')
    .limit(limit)
    .execute();
}
