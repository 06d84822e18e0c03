import type { BotTexts, LocalizedTexts, SaveChatbotInput } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { ChatbotsTable, ChatbotTables } from './chatbot-tables.ts';

export type ChatbotRow = Selectable<ChatbotsTable>;

/** The only place with SQL for `chatbots`; every query filters by owner or by the public token. */
function chatbotsOf(db: Database) {
  return db.withTables<ChatbotTables>();
}

/** Creates the owner's chatbot with `settings` unless one exists (two first browses at once create one row). */
export async function insertChatbotIfMissing(
  db: Database,
  userId: number,
  userToken: string,
  settings: SaveChatbotInput,
): Promise<void> {
  await chatbotsOf(db)
    .insertInto('chatbots')
    .values({ user_id: userId, user_token: userToken, ...columnsOf(settings) })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export function findChatbotByOwner(db: Database, userId: number): Promise<ChatbotRow | undefined> {
  return chatbotsOf(db).selectFrom('chatbots').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The owner's wording of Hiwar's own texts, for what is said outside a turn (an order confirmed, a give-back). */
export async function findChatbotTexts(db: Database, userId: number): Promise<BotTexts> {
  const row = await chatbotsOf(db)
    .selectFrom('chatbots')
    .select('chatbot_texts')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return fromJson<BotTexts>(row?.chatbot_texts, {});
}

export function findChatbotByToken(db: Database, userToken: string): Promise<ChatbotRow | undefined> {
  return chatbotsOf(db)
    .selectFrom('chatbots')
    .selectAll()
    .where('user_token', '=', userToken)
    .executeTakeFirst();
}

export async function updateChatbot(db: Database, userId: number, settings: SaveChatbotInput): Promise<void> {
  await chatbotsOf(db)
    .updateTable('chatbots')
    .set({ ...columnsOf(settings), updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

/** The messenger's identity secret, sealed ('' turns verification off). */
export async function updateIdentitySecret(db: Database, userId: number, sealed: string): Promise<void> {
  await chatbotsOf(db)
    .updateTable('chatbots')
    .set({ identity_secret: sealed, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

function columnsOf(settings: SaveChatbotInput) {
  return {
    chatbot_name: settings.chatbot_name,
    chatbot_description: settings.chatbot_description,
    chatbot_fallback_type: settings.chatbot_fallback_type,
    chatbot_fallback_msg: settings.chatbot_fallback_msg,
    chatbot_fallback_msg_langs: toJson(settings.chatbot_fallback_msg_langs ?? {}),
    chatbot_fallback_options: toJson(settings.chatbot_fallback_options),
    chatbot_fallback_command_id: settings.chatbot_fallback_command_id,
    chatbot_exit_words: toJson(settings.chatbot_exit_words ?? []),
    chatbot_texts: toJson(settings.chatbot_texts ?? {}),
    chatbot_start_button_status: settings.chatbot_start_button_status,
    chatbot_start_button_label: settings.chatbot_start_button_label,
    chatbot_start_button_postback: settings.chatbot_start_button_postback,
    chatbot_parser: toJson(settings.chatbot_parser),
    chatbot_persistent_menus: toJson(settings.chatbot_persistent_menus),
    apps: toJson(settings.apps),
    messenger_settings: toJson(settings.messenger_settings),
  };
}

/** The stored settings, secrets still sealed; they were validated by the save schema when written. */
/** A stored `*_langs` column as a field, absent when it holds no version (records keep their old shape). */
function languageVersions(field: string, stored: string): Record<string, LocalizedTexts> {
  const versions = fromJson<LocalizedTexts>(stored, {});
  return Object.keys(versions).length > 0 ? { [field]: versions } : {};
}

/** Credentials a chatbot saved before a field was added read that field as empty (WhatsApp's order template, 0047). */
function appsOf(text: string | null): unknown {
  const apps = fromJson<{ whatsapp?: { chatbot_app_credentials?: Record<string, unknown> } }>(text, {});
  const whatsapp = apps.whatsapp;
  if (whatsapp?.chatbot_app_credentials) {
    whatsapp.chatbot_app_credentials = {
      order_template: '',
      order_template_lang: '',
      ...whatsapp.chatbot_app_credentials,
    };
  }
  return apps;
}

export function settingsOfRow(row: ChatbotRow): SaveChatbotInput {
  const stored = {
    chatbot_name: row.chatbot_name,
    chatbot_description: row.chatbot_description,
    chatbot_fallback_type: row.chatbot_fallback_type,
    chatbot_fallback_msg: row.chatbot_fallback_msg,
    ...languageVersions('chatbot_fallback_msg_langs', row.chatbot_fallback_msg_langs),
    chatbot_fallback_options: fromJson(row.chatbot_fallback_options, []),
    chatbot_fallback_command_id: row.chatbot_fallback_command_id,
    chatbot_exit_words: fromJson(row.chatbot_exit_words, []),
    chatbot_texts: fromJson(row.chatbot_texts, {}),
    chatbot_start_button_status: row.chatbot_start_button_status,
    chatbot_start_button_label: row.chatbot_start_button_label,
    chatbot_start_button_postback: row.chatbot_start_button_postback,
    chatbot_parser: fromJson(row.chatbot_parser, {}),
    chatbot_persistent_menus: fromJson(row.chatbot_persistent_menus, []),
    apps: appsOf(row.apps),
    messenger_settings: fromJson(row.messenger_settings, {}),
  };
  return stored as unknown as SaveChatbotInput;
}
