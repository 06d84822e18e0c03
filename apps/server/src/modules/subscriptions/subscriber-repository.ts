import type { AudienceFilter, NotificationPlatform } from '@hiwar/contracts';
import { senderPlatformOf } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { SubscriptionTables } from './subscription-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<SubscriptionTables>();
}

/** The longest variable value kept for filtering (longer ones are cut). */
const VALUE_MAX = 500;

export interface Audience {
  channelId: number;
  filter: AudienceFilter;
  platform: NotificationPlatform | null;
}

/**
 * The active subscribers an audience names: of the channel, of the platform (all when null), and for every
 * filter entry with a value of that variable among its `vals`. A query builder both the count and the send use.
 */
export function audienceQuery(db: Database, audience: Audience) {
  let query = tablesOf(db)
    .selectFrom('subscribers')
    .where('subscribers.channel_id', '=', audience.channelId)
    .where('subscribers.status', '=', 'active');
  if (audience.platform !== null) {
    query = query.where('subscribers.platform', '=', senderPlatformOf[audience.platform]);
  }
  for (const entry of audience.filter) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('subscriber_values')
          .select('subscriber_values.subscriber_id')
          .whereRef('subscriber_values.subscriber_id', '=', 'subscribers.id')
          .where('subscriber_values.channel_id', '=', audience.channelId)
          .where('subscriber_values.name', '=', entry.sv_variable_name)
          .where('subscriber_values.value', 'in', entry.vals),
      ),
    );
  }
  return query;
}

/** The audience's subscribers per stored platform. */
export async function countAudience(db: Database, audience: Audience): Promise<Record<string, number>> {
  const rows = await audienceQuery(db, audience)
    .select(['subscribers.platform', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('subscribers.platform')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.platform, Number(row.count)]));
}

/** Active subscribers per channel, for the given channels. */
export async function countActiveSubscribers(
  db: Database,
  channelIds: number[],
): Promise<Map<number, number>> {
  if (channelIds.length === 0) return new Map();
  const rows = await tablesOf(db)
    .selectFrom('subscribers')
    .select(['channel_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('channel_id', 'in', channelIds)
    .where('status', '=', 'active')
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((row) => [row.channel_id, Number(row.count)]));
}

/** The distinct values active subscribers gave each variable, by variable name (at most `limit` in all). */
export async function listVariableValues(
  db: Database,
  channelId: number,
  limit = 2000,
): Promise<{ name: string; value: string }[]> {
  return tablesOf(db)
    .selectFrom('subscriber_values')
    .innerJoin('subscribers', 'subscribers.id', 'subscriber_values.subscriber_id')
    .select(['subscriber_values.name', 'subscriber_values.value'])
    .distinct()
    .where('subscriber_values.channel_id', '=', channelId)
    .where('subscribers.status', '=', 'active')
    .orderBy('subscriber_values.name')
    .orderBy('subscriber_values.value')
    .limit(limit)
    .execute();
}

/**
 * Puts the sender in each channel (of the owner) once: a new subscriber, or an unsubscribed one active again.
 * The variable values are merged over those it subscribed with before. Call it in the turn's transaction.
 */
export async function subscribeSender(
  db: Database,
  sender: SenderKey,
  channelIds: readonly number[],
  vars: Readonly<Record<string, string>>,
  now: string,
): Promise<number[]> {
  if (channelIds.length === 0) return [];
  const owned = await tablesOf(db)
    .selectFrom('subscription_channels')
    .select('sc_id')
    .where('user_id', '=', sender.userId)
    .where('sc_id', 'in', [...channelIds])
    .execute();
  const joined: number[] = [];
  for (const { sc_id: channelId } of owned) {
    const existing = await tablesOf(db)
      .selectFrom('subscribers')
      .select(['id', 'vars'])
      .where('channel_id', '=', channelId)
      .where('platform', '=', sender.platform)
      .where('sender_id', '=', sender.senderId)
      .executeTakeFirst();
    const merged = { ...fromJson<Record<string, string>>(existing?.vars, {}), ...vars };
    let subscriberId: number;
    if (existing) {
      subscriberId = existing.id;
      await tablesOf(db)
        .updateTable('subscribers')
        .set({ status: 'active', vars: toJson(merged), updated_at: now })
        .where('id', '=', existing.id)
        .execute();
    } else {
      const inserted = await tablesOf(db)
        .insertInto('subscribers')
        .values({
          channel_id: channelId,
          user_id: sender.userId,
          platform: sender.platform,
          sender_id: sender.senderId,
          vars: toJson(merged),
          created_at: now,
          updated_at: now,
        })
        // two processes subscribing the same sender at once: the second finds the first's row
        .onConflict((conflict) =>
          conflict
            .columns(['channel_id', 'platform', 'sender_id'])
            .doUpdateSet({ status: 'active', vars: toJson(merged), updated_at: now }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      subscriberId = inserted.id;
    }
    await tablesOf(db).deleteFrom('subscriber_values').where('subscriber_id', '=', subscriberId).execute();
    const values = Object.entries(merged).filter(([, value]) => value !== '');
    if (values.length > 0) {
      await tablesOf(db)
        .insertInto('subscriber_values')
        .values(
          values.map(([name, value]) => ({
            subscriber_id: subscriberId,
            channel_id: channelId,
            name: name.slice(0, 190),
            value: value.slice(0, VALUE_MAX),
          })),
        )
        .execute();
    }
    joined.push(channelId);
  }
  return joined;
}

/** Takes the sender out of every channel of the owner; answers how many it was in. */
export async function unsubscribeSender(db: Database, sender: SenderKey, now: string): Promise<number> {
  const result = await tablesOf(db)
    .updateTable('subscribers')
    .set({ status: 'unsubscribed', updated_at: now })
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the sender is an active subscriber of any of the owner's channels. */
export async function isSubscribedAnywhere(db: Database, sender: SenderKey): Promise<boolean> {
  const row = await tablesOf(db)
    .selectFrom('subscribers')
    .select('id')
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
