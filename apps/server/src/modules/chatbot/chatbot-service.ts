import { randomBytes } from 'node:crypto';
import {
  type ChatbotBrowseResponse,
  chatbotMessages,
  defaultChatbotSettings,
  type IdentityVerification,
  type SaveChatbotInput,
} from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { createOpaqueToken } from '../../platform/crypto/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isOwnCommand } from '../commands/command-repository.ts';
import {
  type ChatbotRow,
  findChatbotByOwner,
  findChatbotByToken,
  insertChatbotIfMissing,
  settingsOfRow,
  updateChatbot,
  updateIdentitySecret,
} from './chatbot-repository.ts';
import { openSecrets, sealSecrets } from './chatbot-secrets.ts';
import { generateMessengerFields } from './chatbot-snippets.ts';

export interface ChatbotContext {
  db: Database;
  secrets: SecretBox;
}

/** An owner's chatbot with its secrets readable: what the runtime, the channels and the widget work with. */
export interface StoredChatbot extends SaveChatbotInput {
  chatbot_id: number;
  user_id: number;
  /** public: identifies the chatbot to the widget and in webhook addresses */
  user_token: string;
}

function storedChatbotOf(row: ChatbotRow, secrets: SecretBox): StoredChatbot {
  return {
    ...openSecrets(settingsOfRow(row), secrets),
    chatbot_id: row.chatbot_id,
    user_id: row.user_id,
    user_token: row.user_token,
  };
}

async function ensureChatbotRow(db: Database, userId: number): Promise<ChatbotRow> {
  const existing = await findChatbotByOwner(db, userId);
  if (existing) return existing;
  await insertChatbotIfMissing(db, userId, createOpaqueToken(), defaultChatbotSettings());
  const created = await findChatbotByOwner(db, userId);
  if (!created) throw new Error(`the chatbot of user ${userId} was not created`);
  return created;
}

/** The owner's chatbot, created with the defaults on first use. */
export async function getChatbot(db: Database, userId: number, secrets: SecretBox): Promise<StoredChatbot> {
  return storedChatbotOf(await ensureChatbotRow(db, userId), secrets);
}

/** The chatbot a widget or webhook names by its public token; null when none has it. */
export async function findChatbotByPublicToken(
  db: Database,
  userToken: string,
  secrets: SecretBox,
): Promise<StoredChatbot | null> {
  if (userToken === '') return null;
  const row = await findChatbotByToken(db, userToken);
  return row ? storedChatbotOf(row, secrets) : null;
}

/** GET /chatbot/browse: the record with the generated snippets, the owner id and the public token. */
export async function browseChatbot(
  context: ChatbotContext,
  userId: number,
  baseUrl: string,
): Promise<ChatbotBrowseResponse> {
  const { chatbot_id, user_id, user_token, ...settings } = await getChatbot(
    context.db,
    userId,
    context.secrets,
  );
  const generated = generateMessengerFields(baseUrl, user_token, settings.messenger_settings);
  return {
    status: 1,
    data: { ...settings, chatbot_id, messenger_settings: { ...settings.messenger_settings, ...generated } },
    chatbot_user_id: user_id,
    user_token,
  };
}

/** POST /chatbot/save: the whole record; the fallback command must be one of the owner's own commands. */
export async function saveChatbot(
  context: ChatbotContext,
  userId: number,
  input: SaveChatbotInput,
): Promise<void> {
  const { db, secrets } = context;
  const commandId = input.chatbot_fallback_command_id;
  if (commandId !== null && !(await isOwnCommand(db, userId, commandId))) {
    throw AppError.invalidField('chatbot_fallback_command_id', chatbotMessages.fallbackCommandNotFound);
  }
  await ensureChatbotRow(db, userId);
  await updateChatbot(db, userId, sealSecrets(input, secrets));
}

/** GET /chatbot/identity_verification: whether the messenger's identity verification is on (never the secret). */
export async function identityVerificationOf(db: Database, userId: number): Promise<IdentityVerification> {
  const row = await ensureChatbotRow(db, userId);
  return { status: row.identity_secret === '' ? 0 : 1 };
}

/**
 * POST /chatbot/identity_verification: on draws a new secret (also when already on: the old one stops signing)
 * and answers it this once; off forgets the secret.
 */
export async function setIdentityVerification(
  context: ChatbotContext,
  userId: number,
  status: 0 | 1,
): Promise<IdentityVerification> {
  await ensureChatbotRow(context.db, userId);
  if (status === 0) {
    await updateIdentitySecret(context.db, userId, '');
    return { status: 0 };
  }
  // 32 random bytes, base64url: 43 characters a site keeps in its server's configuration
  const secret = randomBytes(32).toString('base64url');
  await updateIdentitySecret(context.db, userId, context.secrets.encrypt(secret));
  return { status: 1, secret };
}

/** GET /chatbot/browse/{id}: the name for the breadcrumbs; another owner's chatbot is not found. */
export async function chatbotCrumbName(db: Database, userId: number, chatbotId: number): Promise<string> {
  const row = await findChatbotByOwner(db, userId);
  if (!row || row.chatbot_id !== chatbotId) throw new AppError('not_found');
  return row.chatbot_name;
}
