import {
  findChatbotByPublicToken,
  getChatbot,
  type StoredChatbot,
} from '../modules/chatbot/chatbot-service.ts';
import { botCache } from '../modules/runtime/index.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Database } from '../platform/db/database.ts';

const byToken = botCache<StoredChatbot | null>();
const byOwner = botCache<StoredChatbot>();

/**
 * The chatbot a webhook names by its public token, its secrets readable — read once and kept until the chatbot
 * changes (the runtime's bot cache: emptied by this process's writes, a second stale for another's), so a busy
 * channel does not read and decrypt the same row for every update.
 */
export function chatbotOfToken(
  db: Database,
  token: string,
  secrets: SecretBox,
): Promise<StoredChatbot | null> {
  return byToken.get(db, token, () => findChatbotByPublicToken(db, token, secrets));
}

/** The owner's chatbot, kept the same way (the update processor, the broadcast senders). */
export function chatbotOfOwner(db: Database, userId: number, secrets: SecretBox): Promise<StoredChatbot> {
  return byOwner.get(db, String(userId), () => getChatbot(db, userId, secrets));
}
