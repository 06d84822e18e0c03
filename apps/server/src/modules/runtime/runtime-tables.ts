import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, Timestamp, UpdatedAt } from '../../platform/db/tables.ts';

/** `conversation_turns` (migration 0007): one row per incoming event and the replies it got. */
export interface ConversationTurnsTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  /** the IncomingEvent as JSON */
  event: JsonText;
  command_id: number | null;
  score: number | null;
  /** the BotMessage[] as JSON */
  replies: JsonText;
  /** the pipeline's StepTrace[] as JSON */
  trace: ColumnType<JsonText, JsonText | undefined, JsonText>;
  created_at: CreatedAt;
  /** migration 0027: the message's language, whether the fallback answered it, its near misses, folded text */
  lang: string | null;
  /** migration 0042: the language the customer wrote in (labels; Hiwar's own words); null before, or a location */
  sender_lang: string | null;
  not_understood: ColumnType<number, number | undefined, number>;
  /** `{commandId, score}[]` as JSON, only on not-understood turns */
  candidates: JsonText | null;
  search_text: ColumnType<string, string | undefined, string>;
}

/** `sender_banks`: the conversation state of one sender of one owner's bot on one platform. */
export interface SenderBanksTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  bank: JsonText;
  version: number;
  updated_at: Timestamp;
}

/** `sender_preferences`: a preference variable's remembered value until expires_at. */
export interface SenderPreferencesTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  var_id: number;
  value: JsonText;
  expires_at: Timestamp;
  updated_at: Timestamp;
}

/** `turn_actions` (migration 0015): a response's mail or api action, sent after its turn was stored. */
export interface TurnActionsTable {
  id: Generated<number>;
  user_id: number;
  turn_id: number | null;
  kind: string;
  /** the OutboundAction as JSON */
  payload: JsonText;
  status: ColumnType<TurnActionStatus, TurnActionStatus | undefined, TurnActionStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  claimed_at: Timestamp | null;
  last_error: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type TurnActionStatus = 'pending' | 'running' | 'done' | 'failed';

export type RuntimeTables = {
  conversation_turns: ConversationTurnsTable;
  sender_banks: SenderBanksTable;
  sender_preferences: SenderPreferencesTable;
  turn_actions: TurnActionsTable;
};
