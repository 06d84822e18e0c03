import type { ColumnType, Generated } from 'kysely';
import type { JsonText, Timestamp } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** `sender_notices`: a bot message left for a sender outside a turn (an order confirmed, a person's reply during a hand-over), read by the messenger. */
export interface SenderNoticesTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  sender_id: string;
  message: JsonText;
  created_at: WithDefault<Timestamp>;
  /** migration 0025: when a channel sender's notice went out through the channel (web notices stay null) */
  relayed_at: WithDefault<Timestamp | null>;
  /** unused since deliveries (migration 0041) keep a notice's delivery: why the relay gave it up before */
  relay_error: WithDefault<string | null>;
  /** migration 0047: what the notice is (`NoticeAbout`, JSON), null when nothing a platform treats apart */
  about: WithDefault<JsonText | null>;
}

export type NoticeTables = {
  sender_notices: SenderNoticesTable;
};
