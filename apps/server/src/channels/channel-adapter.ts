import type { BotMessage, IncomingEvent } from '@hiwar/contracts';
import type { ChatbotSaved } from '../modules/chatbot/chatbot-events.ts';
import type { StoredChatbot } from '../modules/chatbot/chatbot-service.ts';
import type { PlatformSender } from '../modules/subscriptions/platform-senders.ts';
import type { Config } from '../platform/config.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Database } from '../platform/db/database.ts';
import type { ApiApp } from '../platform/http/module.ts';
import type { StoredUpdate } from './update-repository.ts';

/** What a stored update asks the runtime: the event, who sent it, and the language their app is set to. */
export interface TurnInput {
  event: IncomingEvent;
  sender: { name?: string; username?: string };
  locale?: string;
}

export interface AdapterContext {
  db: Database;
}

/**
 * One messaging platform (DESIGN.md §7). Its webhook route (in its own folder) verifies and stores updates; the
 * update processor (update-processor.ts) then asks the adapter to read each stored update and to send the
 * bot's replies, rendered for the platform.
 */
export interface ChannelAdapter {
  /** the name updates are stored under: telegram, facebook, whatsapp, hangouts */
  readonly channel: string;
  /** the platform its senders are stored with (turns, banks, subscribers) */
  readonly platform: string;
  /** Whether the owner's chatbot has this channel switched on with what it needs to send. */
  isEnabled(chatbot: StoredChatbot): boolean;
  /** The turn an update asks for; null when there is nothing to answer (an update kind the bot ignores). */
  toTurn(update: StoredUpdate, chatbot: StoredChatbot, context: AdapterContext): Promise<TurnInput | null>;
  /**
   * Sends the replies to the sender, retrying the platform's 429 and 5xx answers; answers what had to be
   * degraded (for the turn's trace). Throws when a reply could finally not be sent.
   */
  send(
    chatbot: StoredChatbot,
    senderId: string,
    replies: BotMessage[],
    context: AdapterContext,
  ): Promise<{ degraded: string[] }>;
}

/** What a channel's routes and hooks may use. */
export interface ChannelContext {
  db: Database;
  config: Config;
  secrets: SecretBox;
  /** wakes this process's update processor after an update was stored */
  wake(): void;
  log: { warn(object: unknown, message: string): void };
}

/**
 * A channel as the channels module mounts it (`channels-module.ts` lists them): its adapter, its webhook and
 * instruction routes, what it does when the owner saves the chatbot, and how a broadcast reaches its senders.
 */
export interface ChannelPlugin {
  readonly adapter: ChannelAdapter;
  /** the webhook (`/hooks/<channel>/…`) and instruction pages (`/authorize/<driver>/…`, `/broadcast/<driver>/…`) */
  routes(app: ApiApp, context: ChannelContext): void;
  /** connect a switched-on channel, disconnect a switched-off one; records its status */
  chatbotSaved?(saved: ChatbotSaved, context: ChannelContext): Promise<void>;
  /** sends one notification message to one subscriber (modules/subscriptions); throws RetryLater on a 429 */
  platformSender?(context: ChannelContext): PlatformSender;
}
