import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonText, UpdatedAt } from '../../platform/db/tables.ts';

type WithDefault<T> = ColumnType<T, T | undefined, T>;

/**
 * `chatbots` (migration 0005): one settings record per owner. `apps` holds the channel settings with their
 * secrets encrypted (see chatbot-secrets.ts); `user_token` is the chatbot's public token for the widget and
 * webhooks.
 */
export interface ChatbotsTable {
  chatbot_id: Generated<number>;
  user_id: number;
  user_token: string;
  chatbot_name: string;
  chatbot_description: WithDefault<string>;
  chatbot_fallback_type: WithDefault<string>;
  chatbot_fallback_msg: WithDefault<string>;
  /** JSON: the fallback message in other languages (migration 0017) */
  chatbot_fallback_msg_langs: WithDefault<string>;
  chatbot_fallback_options: WithDefault<JsonText>;
  chatbot_exit_words: WithDefault<JsonText>;
  /** JSON: the owner's wording of Hiwar's own texts, `{ key: { en, ar, de } }` (migration 0040) */
  chatbot_texts: WithDefault<JsonText>;
  chatbot_fallback_command_id: number | null;
  chatbot_start_button_status: WithDefault<number>;
  chatbot_start_button_label: WithDefault<string>;
  chatbot_start_button_postback: WithDefault<string>;
  chatbot_parser: WithDefault<JsonText>;
  chatbot_persistent_menus: WithDefault<JsonText>;
  apps: WithDefault<JsonText>;
  messenger_settings: WithDefault<JsonText>;
  /** the messenger's identity verification secret, sealed; '' while it is off (migration 0031) */
  identity_secret: WithDefault<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A type alias, not an interface: `db.withTables<…>()` needs its implicit index signature. */
export type ChatbotTables = {
  chatbots: ChatbotsTable;
};
