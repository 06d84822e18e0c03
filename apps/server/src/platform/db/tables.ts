import type { ColumnType, Generated } from 'kysely';

/**
 * The row types of every table. A module that adds a table in a migration adds its interface here and a line
 * to `Tables`; only that module's repository queries it.
 *
 * Conventions that hold in both dialects: ids are numbers; timestamps are ISO 8601 UTC strings
 * (`2026-01-31T12:00:00.000Z`); JSON columns are read and written as JSON text (see json.ts);
 * flags are integers 0/1.
 */
export type Timestamp = string;
export type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;
export type UpdatedAt = ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
export type JsonText = string;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  user_id: Generated<number>;
  username: string;
  user_email: string;
  password_hash: string;
  user_fullname: string;
  user_reg_driver: string;
  avatar: string | null;
  /** 1 active, 0 pending activation */
  user_status: WithDefault<number>;
  activation_code: string | null;
  /** a change of email waiting for the link mailed to the new address (migration 0033) */
  pending_email: WithDefault<string | null>;
  pending_email_code: WithDefault<string | null>;
  pending_email_at: WithDefault<string | null>;
  /** when the email was proven (activation or change link, or Facebook for an account made through it; 0032) */
  email_verified_at: WithDefault<Timestamp | null>;
  engine_type: WithDefault<string>;
  mail_server_cred: WithDefault<JsonText>;
  customer_support: WithDefault<JsonText>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AccessTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  address: string;
  failed_at: Timestamp;
}

export interface RateLimitsTable {
  limit_key: string;
  /** epoch milliseconds (bigint: read as a string by pg, a number by SQLite) */
  window_start: ColumnType<number | string, number, number>;
  hits: number;
}

export interface ServerSettingsTable {
  name: string;
  value: string;
}

export interface SecretResetsTable {
  id: Generated<number>;
  user_id: number;
  /** what was cleared: `telegram`, `whatsapp`, `hangouts`, `facebook:<page id>`, `voice`, `mail_server`, `customer_support`, `data_source:<id>` */
  place: string;
  reset_at: CreatedAt;
}

/** A pending social sign-in (user_id null: no account yet), or a ticket signing an existing account in. */
export interface SocialSigninsTable {
  id: Generated<number>;
  token_hash: string;
  provider: string;
  /** the provider's id of the person (Facebook's app-scoped user id) */
  subject: WithDefault<string>;
  email: string;
  name: string;
  user_id: WithDefault<number | null>;
  /** sha256 of the cookie binding it to one browser; empty when not bound */
  browser_hash: WithDefault<string>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** The provider accounts a Hiwar account signs in with: one per provider, each belonging to one account. */
export interface SocialIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  created_at: CreatedAt;
}

export interface SendersTable {
  id: Generated<number>;
  user_id: number;
  sender_id: string;
  platform: string;
  name: WithDefault<string>;
  username: WithDefault<string>;
  created_at: CreatedAt;
  /** migration 0027: the conversation's last turn (the conversations list), written with each turn */
  last_turn_id: number | null;
  last_at: string | null;
  last_lang: string | null;
  last_text: WithDefault<string>;
  turns_count: WithDefault<number>;
}

export interface ServicesTable {
  service_id: Generated<number>;
  user_id: number;
  service_name: string;
  service_description: WithDefault<string>;
  service_status: WithDefault<number>;
  is_public: WithDefault<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CommandsTable {
  command_id: Generated<number>;
  user_id: number;
  command_service_id: number;
  command_name: string;
  command_description: WithDefault<string>;
  command_lang: WithDefault<string>;
  command_status: WithDefault<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface Tables {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  login_failures: LoginFailuresTable;
  rate_limits: RateLimitsTable;
  server_settings: ServerSettingsTable;
  secret_resets: SecretResetsTable;
  social_signins: SocialSigninsTable;
  social_identities: SocialIdentitiesTable;
  senders: SendersTable;
  services: ServicesTable;
  commands: CommandsTable;
}
