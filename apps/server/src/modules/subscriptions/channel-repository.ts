import { randomBytes } from 'node:crypto';
import { type WhatsappTemplate, whatsappTemplate } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { SubscriptionChannelsTable, SubscriptionTables } from './subscription-tables.ts';

export type ChannelRow = Selectable<SubscriptionChannelsTable>;

export const CHANNELS_PAGE_SIZE = 10;

function tablesOf(db: Database) {
  return db.withTables<SubscriptionTables>();
}

/** A channel's api key: 32 random bytes, URL-safe, prefixed so it is recognisable in an owner's code. */
export function newApiKey(): string {
  return `hsk_${randomBytes(32).toString('base64url')}`;
}

export function whiteDomainsOf(row: ChannelRow): string[] {
  return fromJson<string[]>(row.white_domains, []);
}

/** The channel's WhatsApp template, null when it names none (or what is stored no longer reads as one). */
export function whatsappTemplateOf(row: Pick<ChannelRow, 'whatsapp_template'>): WhatsappTemplate | null {
  const parsed = whatsappTemplate.safeParse(fromJson<unknown>(row.whatsapp_template, null));
  return parsed.success ? parsed.data : null;
}

export interface ChannelFields {
  sc_title: string;
  sc_desc: string;
  sc_command_id: number | null;
  white_domains: string[];
  whatsapp_template: WhatsappTemplate | null;
}

const templateColumn = (template: WhatsappTemplate | null) => (template === null ? null : toJson(template));

export async function insertChannel(db: Database, userId: number, fields: ChannelFields): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('subscription_channels')
    .values({
      user_id: userId,
      sc_title: fields.sc_title,
      sc_desc: fields.sc_desc,
      sc_command_id: fields.sc_command_id,
      white_domains: toJson(fields.white_domains),
      whatsapp_template: templateColumn(fields.whatsapp_template),
      api_key: newApiKey(),
    })
    .returning('sc_id')
    .executeTakeFirstOrThrow();
  return row.sc_id;
}

/** Changes the owner's channel; false when it is not theirs (or gone). */
export async function updateChannel(
  db: Database,
  userId: number,
  channelId: number,
  fields: ChannelFields,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('subscription_channels')
    .set({
      sc_title: fields.sc_title,
      sc_desc: fields.sc_desc,
      sc_command_id: fields.sc_command_id,
      white_domains: toJson(fields.white_domains),
      whatsapp_template: templateColumn(fields.whatsapp_template),
      updated_at: nowIso(),
    })
    .where('sc_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setApiKey(
  db: Database,
  userId: number,
  channelId: number,
  apiKey: string,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('subscription_channels')
    .set({ api_key: apiKey, updated_at: nowIso() })
    .where('sc_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the owner's channel with its subscribers and notifications (cascade); false when not theirs. */
export async function deleteChannel(db: Database, userId: number, channelId: number): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('subscription_channels')
    .where('sc_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findOwnChannel(
  db: Database,
  userId: number,
  channelId: number,
): Promise<ChannelRow | undefined> {
  return tablesOf(db)
    .selectFrom('subscription_channels')
    .selectAll()
    .where('sc_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The WhatsApp template of the channel a notification was sent from (broadcast-dispatcher.ts). */
export async function findChannelTemplate(db: Database, channelId: number): Promise<WhatsappTemplate | null> {
  const row = await tablesOf(db)
    .selectFrom('subscription_channels')
    .select('whatsapp_template')
    .where('sc_id', '=', channelId)
    .executeTakeFirst();
  return row ? whatsappTemplateOf(row) : null;
}

export function findChannelByKey(db: Database, apiKey: string): Promise<ChannelRow | undefined> {
  return tablesOf(db)
    .selectFrom('subscription_channels')
    .selectAll()
    .where('api_key', '=', apiKey)
    .executeTakeFirst();
}

/** The owner's channels whose related command is this one (its `subscribe` action fills them). */
export function listChannelsOfCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<ChannelRow[]> {
  return tablesOf(db)
    .selectFrom('subscription_channels')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sc_command_id', '=', commandId)
    .orderBy('sc_id')
    .execute();
}

/** One page of the owner's channels, newest first, filtered by keywords in the title or description. */
export async function listChannelsPage(
  db: Database,
  userId: number,
  { page, keywords }: { page: number; keywords: string },
): Promise<{ rows: ChannelRow[]; total: number }> {
  let query = tablesOf(db).selectFrom('subscription_channels').where('user_id', '=', userId);
  if (keywords !== '') {
    query = query.where((eb) =>
      eb.or([containsKeywords('sc_title', keywords), containsKeywords('sc_desc', keywords)]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('sc_id', 'desc')
    .limit(CHANNELS_PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return { rows, total: Number(counted.count) };
}
