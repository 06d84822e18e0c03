import type { saveSubscriptionRequest } from '@hiwar/contracts';
import {
  type AudienceFilter,
  type BrowseSubscriptionResponse,
  type NotificationData,
  type NotificationPlatform,
  notificationPlatforms,
  type Subscription,
  type SubscriptionRow,
  senderPlatformOf,
  subscriptionMessages,
} from '@hiwar/contracts';
import type { z } from 'zod';
import { pagesCountOf } from '../../kernel/list-paging.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { listVariablesOfCommands } from '../variables/variable-repository.ts';
import { wakeBroadcastDispatcher } from './broadcast-dispatcher.ts';
import {
  type ChannelRow,
  deleteChannel,
  findOwnChannel,
  insertChannel,
  listChannelsPage,
  newApiKey,
  setApiKey,
  updateChannel,
  whatsappTemplateOf,
  whiteDomainsOf,
} from './channel-repository.ts';
import {
  enqueueNotification,
  listChannelFailures,
  listChannelNotifications,
  progressOf,
} from './notification-repository.ts';
import { countActiveSubscribers, countAudience, listVariableValues } from './subscriber-repository.ts';

type SaveBody = z.output<typeof saveSubscriptionRequest>;

async function commandInfo(db: Database, userId: number, commandId: number | null) {
  if (commandId === null) return { sc_command_name: null, sc_command_service_id: null };
  const command = await findOwnCommand(db, userId, commandId);
  return {
    sc_command_name: command?.command_name ?? null,
    sc_command_service_id: command?.command_service_id ?? null,
  };
}

async function rowOf(db: Database, row: ChannelRow, count: number): Promise<SubscriptionRow> {
  return {
    sc_id: row.sc_id,
    sc_title: row.sc_title,
    sc_desc: row.sc_desc,
    sc_command_id: row.sc_command_id,
    ...(await commandInfo(db, row.user_id, row.sc_command_id)),
    sc_sibscripers_count: count,
    white_domains: whiteDomainsOf(row),
  };
}

export async function listChannels(db: Database, userId: number, page: number, keywords: string) {
  const { rows, total } = await listChannelsPage(db, userId, { page, keywords });
  const counts = await countActiveSubscribers(
    db,
    rows.map((row) => row.sc_id),
  );
  const data: SubscriptionRow[] = [];
  for (const row of rows) data.push(await rowOf(db, row, counts.get(row.sc_id) ?? 0));
  return { status: 1 as const, page, pages_count: pagesCountOf(total), data };
}

async function ownChannel(db: Database, userId: number, channelId: number): Promise<ChannelRow> {
  const row = await findOwnChannel(db, userId, channelId);
  if (!row) throw new AppError('not_found', subscriptionMessages.channelNotFound);
  return row;
}

/** Creates (id 0) or changes the owner's channel; the related command must be the owner's. */
export async function saveChannel(db: Database, userId: number, id: number, body: SaveBody): Promise<number> {
  if (body.sc_command_id !== null && !(await findOwnCommand(db, userId, body.sc_command_id))) {
    throw AppError.invalidField('sc_command_id', subscriptionMessages.commandNotFound);
  }
  if (id === 0) return insertChannel(db, userId, body);
  if (!(await updateChannel(db, userId, id, body))) {
    throw new AppError('not_found', subscriptionMessages.channelNotFound);
  }
  return id;
}

export async function removeChannel(db: Database, userId: number, id: number): Promise<void> {
  if (!(await deleteChannel(db, userId, id)))
    throw new AppError('not_found', subscriptionMessages.channelNotFound);
}

export async function regenerateKey(db: Database, userId: number, id: number): Promise<string> {
  const apiKey = newApiKey();
  if (!(await setApiKey(db, userId, id, apiKey))) {
    throw new AppError('not_found', subscriptionMessages.channelNotFound);
  }
  return apiKey;
}

async function subscriptionOf(db: Database, row: ChannelRow): Promise<Subscription> {
  const counts = await countActiveSubscribers(db, [row.sc_id]);
  const values = await listVariableValues(db, row.sc_id);
  const byName = new Map<string, string[]>();
  for (const { name, value } of values) byName.set(name, [...(byName.get(name) ?? []), value]);
  return {
    ...(await rowOf(db, row, counts.get(row.sc_id) ?? 0)),
    api_key: row.api_key,
    variables: [...byName].map(([sv_variable_name, vals]) => ({ sv_variable_name, vals })),
    whatsapp_template: whatsappTemplateOf(row),
  };
}

/** The channel, the variables its audience can be filtered by, and its sends (going first). */
export async function browseChannel(
  db: Database,
  userId: number,
  channelId: number,
  commandId: number | undefined,
): Promise<BrowseSubscriptionResponse> {
  const row = await ownChannel(db, userId, channelId);
  const variablesOf = commandId ?? row.sc_command_id;
  const command = variablesOf === null ? undefined : await findOwnCommand(db, userId, variablesOf);
  if (commandId !== undefined && !command) throw new AppError('not_found');
  const variables = command ? await listVariablesOfCommands(db, [command.command_id]) : [];
  const notifications = await listChannelNotifications(db, channelId);
  return {
    status: 1,
    data: await subscriptionOf(db, row),
    vars: variables.map((variable) => ({ var_id: variable.var_id, var_name: variable.var_name })),
    notifications_pending: notifications.map(progressOf),
    failures: await listChannelFailures(db, channelId),
  };
}

/** Counts by notification platform: web, sub_facebook, whats, and any other platform by its own name. */
function perCircleOf(counts: Record<string, number>): Record<string, number> {
  const perCircle: Record<string, number> = {};
  for (const platform of notificationPlatforms) perCircle[platform] = 0;
  for (const [stored, count] of Object.entries(counts)) {
    const circle = notificationPlatforms.find((platform) => senderPlatformOf[platform] === stored) ?? stored;
    perCircle[circle] = (perCircle[circle] ?? 0) + count;
  }
  return perCircle;
}

export async function countSubscribers(
  db: Database,
  userId: number,
  input: { channel_id: number; vars: AudienceFilter; platform: NotificationPlatform | null },
) {
  await ownChannel(db, userId, input.channel_id);
  const counts = await countAudience(db, {
    channelId: input.channel_id,
    filter: input.vars,
    platform: input.platform,
  });
  const count = Object.values(counts).reduce((sum, value) => sum + value, 0);
  return { status: 1 as const, count, per_circle: perCircleOf(counts) };
}

/**
 * Queues a notification for the channel's audience (the owner's channel; `platform` beside the data wins over
 * the data's own) and wakes this process's dispatcher. No recipient → 422 on `sub_count`.
 */
export async function sendNotification(
  db: Database,
  channel: ChannelRow,
  input: { data: NotificationData; values: AudienceFilter; platform: NotificationPlatform | null },
  source: 'console' | 'api',
) {
  const platform = input.platform ?? input.data.platform;
  const queued = await enqueueNotification(db, {
    userId: channel.user_id,
    audience: { channelId: channel.sc_id, filter: input.values, platform },
    data: { ...input.data, platform },
    source,
  });
  if (!queued) throw AppError.invalidField('sub_count', subscriptionMessages.subCountRequired);
  wakeBroadcastDispatcher(db);
  return { status: 1 as const, count: queued.count, notification_id: queued.id };
}

export async function sendFromConsole(
  db: Database,
  userId: number,
  input: {
    channel_id: number;
    data: NotificationData;
    values: AudienceFilter;
    platform: NotificationPlatform | null;
  },
) {
  const channel = await ownChannel(db, userId, input.channel_id);
  return sendNotification(db, channel, input, 'console');
}

export { ownChannel };
