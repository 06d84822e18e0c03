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
 * How the delivery queue sends (delivery-worker.ts): one try per platform call — the queue waits and tries again,
 * not the client — going on after the calls an earlier try got through, and told after each call that did.
 */
export interface SendProgress {
  /** platform calls an earlier try of these replies got through: not made again */
  skip: number;
  /** after each call the platform accepted, with how many it has accepted in all, of how many */
  onSent(accepted: number, calls: number): Promise<void>;
}

/** Makes the calls after `progress.skip` in order, telling `progress` of each one the platform accepted. */
export async function sendInOrder<Call>(
  calls: readonly Call[],
  progress: SendProgress | undefined,
  send: (call: Call) => Promise<unknown>,
): Promise<void> {
  for (const [index, call] of calls.entries()) {
    if (index < (progress?.skip ?? 0)) continue;
    await send(call);
    await progress?.onSent(index + 1, calls.length);
  }
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
   * Sends the replies to the sender; answers what had to be degraded (for the turn's trace). Throws the
   * platform's error when a call was not accepted: with `progress` (the delivery queue) at the first refusal,
   * without it after the client's own retries of a 429 or a 5xx.
   */
  send(
    chatbot: StoredChatbot,
    senderId: string,
    replies: BotMessage[],
    context: AdapterContext,
    progress?: SendProgress,
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
