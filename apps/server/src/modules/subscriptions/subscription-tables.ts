import type { ColumnType, Generated } from 'kysely';
import type { JsonText, Timestamp } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `subscription_channels` (migration 0023); `white_domains` is a JSON list of host names. */
export interface SubscriptionChannelsTable {
  sc_id: Generated<number>;
  user_id: number;
  sc_title: string;
  sc_desc: WithDefault<string>;
  sc_command_id: number | null;
  white_domains: WithDefault<JsonText>;
  api_key: string;
  /** the WhatsApp template for subscribers outside the 24-hour window (migration 0046): JSON, null when none */
  whatsapp_template: ColumnType<JsonText | null, JsonText | null | undefined, JsonText | null>;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
}

/** `subscribers`: a sender in a channel once; `vars` the variable values it subscribed with (JSON object). */
export interface SubscribersTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  platform: string;
  sender_id: string;
  vars: WithDefault<JsonText>;
  status: WithDefault<'active' | 'unsubscribed'>;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
}

/** `subscriber_values`: one row per subscriber and variable, what an audience filter looks up. */
export interface SubscriberValuesTable {
  subscriber_id: number;
  channel_id: number;
  name: string;
  value: string;
}

export type NotificationStatus = 'sending' | 'done';

/** `notifications`: one send; the counters move in the transactions that settle its outbox rows. */
export interface NotificationsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  data: JsonText;
  audience: WithDefault<JsonText>;
  source: 'console' | 'api';
  status: WithDefault<NotificationStatus>;
  total: WithDefault<number>;
  sent: WithDefault<number>;
  failed: WithDefault<number>;
  skipped: WithDefault<number>;
  created_at: WithDefault<Timestamp>;
  finished_at: Timestamp | null;
}

export type OutboxStatus = 'pending' | 'claimed' | 'sending' | 'sent' | 'failed' | 'skipped';

/** `notification_outbox`: one row per (notification, recipient). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  notification_id: number;
  subscriber_id: number;
  platform: string;
  sender_id: string;
  status: WithDefault<OutboxStatus>;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  not_before: Timestamp | null;
  attempts: WithDefault<number>;
  error: string | null;
  settled_at: Timestamp | null;
  settled_by: string | null;
}

export type SubscriptionTables = {
  subscription_channels: SubscriptionChannelsTable;
  subscribers: SubscribersTable;
  subscriber_values: SubscriberValuesTable;
  notifications: NotificationsTable;
  notification_outbox: NotificationOutboxTable;
};
