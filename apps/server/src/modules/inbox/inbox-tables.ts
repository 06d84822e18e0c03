import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, Timestamp, UpdatedAt } from '../../platform/db/tables.ts';
import type { RuntimeTables } from '../runtime/runtime-tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

export type InboxGroupStatus = 'open' | 'added' | 'dismissed';

/** `inbox_groups` (migration 0027): similar not-understood messages of one owner in one language. */
export interface InboxGroupsTable {
  id: Generated<number>;
  user_id: number;
  lang: string;
  /** the first message's folded text, what later messages are compared with */
  words: string;
  status: WithDefault<InboxGroupStatus>;
  messages_count: WithDefault<number>;
  /** `{commandId, score}[]` as JSON: the commands the engine nearly chose, best first */
  candidates: WithDefault<JsonText>;
  last_turn_id: number;
  last_at: Timestamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface InboxMessagesTable {
  turn_id: number;
  group_id: number;
  user_id: number;
}

/** How far an owner's turns have been grouped (inbox) and counted (traffic). */
export interface InboxProgressTable {
  user_id: number;
  grouped_until: WithDefault<number>;
  counted_until: WithDefault<number>;
}

export interface TrafficDaysTable {
  id: Generated<number>;
  user_id: number;
  /** YYYY-MM-DD, UTC */
  day: string;
  /** '' when the turn had no language (a shared location) */
  lang: string;
  messages: WithDefault<number>;
  understood: WithDefault<number>;
}

export type HandoffStatus = 'waiting' | 'active' | 'closed';

export interface HandoffsTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  department_id: number | null;
  department_name: string | null;
  status: WithDefault<HandoffStatus>;
  chatwoot_conversation_id: number | null;
  started_at: Timestamp;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
  closed_reason: string | null;
}

/** An agent's Chatwoot reply already passed on to the hand-over's sender (webhooks may come twice). */
export interface ChatwootDeliveriesTable {
  handoff_id: number;
  message_id: number;
  delivered_at: CreatedAt;
}

export type InboxTables = RuntimeTables & {
  inbox_groups: InboxGroupsTable;
  inbox_messages: InboxMessagesTable;
  inbox_progress: InboxProgressTable;
  traffic_days: TrafficDaysTable;
  handoffs: HandoffsTable;
  chatwoot_deliveries: ChatwootDeliveriesTable;
};
