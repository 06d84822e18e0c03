import type { ColumnType, Generated } from 'kysely';
import type { JsonText, Timestamp } from '../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

export type UpdateStatus = 'pending' | 'running' | 'done' | 'failed';

/** `channel_updates` (migration 0024): an update a platform delivered, stored before it was acknowledged. */
export interface ChannelUpdatesTable {
  id: Generated<number>;
  user_id: number;
  channel: string;
  external_id: string;
  sender_id: string;
  payload: JsonText;
  status: WithDefault<UpdateStatus>;
  attempts: WithDefault<number>;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  turn_id: number | null;
  error: string | null;
  created_at: WithDefault<Timestamp>;
  settled_at: Timestamp | null;
}

/** `channel_payloads`: a button payload by the short key the platform carries, or a quick reply by its label. */
export interface ChannelPayloadsTable {
  user_id: number;
  channel: string;
  payload_key: string;
  payload: string;
  created_at: WithDefault<Timestamp>;
}

export type ConnectionStatus = 'active' | 'inactive' | 'pending' | 'banned';

/** `channel_connections`: what the platform last answered about the owner's channel. */
export interface ChannelConnectionsTable {
  user_id: number;
  channel: string;
  status: ConnectionStatus;
  reason: WithDefault<string>;
  account: WithDefault<string>;
  webhook_url: WithDefault<string>;
  updated_at: WithDefault<Timestamp>;
}

/** `channel_routes` (migration 0026): the owner of a platform account (a Facebook page). */
export interface ChannelRoutesTable {
  channel: string;
  account_id: string;
  user_id: number;
  updated_at: WithDefault<Timestamp>;
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'refused' | 'expired' | 'unanswered';
export type DeliveryPurpose = 'reply' | 'notice';

/** `deliveries`: the bot's messages to a chat on a messaging platform, kept until delivered or refused. */
export interface DeliveriesTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  purpose: DeliveryPurpose;
  turn_id: number | null;
  notice_id: number | null;
  messages: JsonText;
  status: WithDefault<DeliveryStatus>;
  parts_sent: WithDefault<number>;
  attempts: WithDefault<number>;
  next_at: Timestamp;
  expires_at: Timestamp;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  last_error: string | null;
  created_at: WithDefault<Timestamp>;
  settled_at: Timestamp | null;
  unanswered_tries: WithDefault<number>;
  part_received: number | null;
  parts_refused: WithDefault<number>;
  reply_to: string | null;
  waits_retry_after: WithDefault<number>;
  /** the replies' language (migration 0048), null for a notice */
  lang: WithDefault<string | null>;
}

export type ChannelTables = {
  deliveries: DeliveriesTable;
  channel_routes: ChannelRoutesTable;
  channel_updates: ChannelUpdatesTable;
  channel_payloads: ChannelPayloadsTable;
  channel_connections: ChannelConnectionsTable;
};
