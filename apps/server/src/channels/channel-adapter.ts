import type { BotMessage, IncomingEvent } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { ChatbotSaved } from '../modules/chatbot/chatbot-events.ts';
import type { StoredChatbot } from '../modules/chatbot/chatbot-service.ts';
import type { PlatformSender, PlatformSending } from '../modules/subscriptions/platform-senders.ts';
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
  /** the platform's id of the message the replies quote (a Telegram group member's message) */
  replyTo?: string;
}

export interface AdapterContext {
  db: Database;
}

/**
 * How the delivery queue sends (delivery-worker.ts): one try per platform call — the queue waits and tries again,
 * not the client — going on after the calls an earlier try got through, and told after each call that did.
 */
export interface SendProgress {
  /** platform calls an earlier try of these replies got through (or had refused): not made again */
  skip: number;
  /** how long a call may wait for the platform's answer before its outcome is unknown */
  timeoutMs: number;
  /** names the delivery to the platform where it can tell a resend (Google Chat's requestId, WhatsApp's callback) */
  key: string;
  /** the platform's id of the message the replies quote (TurnInput's `replyTo`) */
  replyTo?: string;
  /** the replies' language: Hiwar's own words among them ("Choose:", a list's button) are said in it */
  lang?: Lang;
  /** after each call the platform accepted or refused, with how many are behind, of how many */
  onSent(handled: number, calls: number): Promise<void>;
  /**
   * A call failed: answers true when the platform refused this message only (malformed, a file it cannot
   * fetch) — recorded as handled, and the rest of the turn goes on — false to stop there.
   */
  onFailed(error: unknown, index: number, calls: number): Promise<boolean>;
}

/**
 * How long a queued call waits for the platform's answer before it counts as unanswered: a platform that
 * takes 12 s to accept must not be sent the same message again.
 */
export const ANSWER_WAIT_MS = 30_000;

/** The client options of a notice's or a broadcast's call: one try (the queue retries), the same wait. */
export const ONE_TRY = { attempts: 1, timeoutMs: ANSWER_WAIT_MS } as const;

/** The client options a queued send's calls take: one try each, waiting `progress.timeoutMs` for an answer. */
export function queuedCallOptions(progress: SendProgress | undefined) {
  return progress && { attempts: 1, timeoutMs: progress.timeoutMs };
}

/**
 * Makes the calls after `progress.skip` in order, telling `progress` of each one the platform accepted; a call
 * the platform refused for itself alone is passed over when `progress` says so.
 */
export async function sendInOrder<Call>(
  calls: readonly Call[],
  progress: SendProgress | undefined,
  send: (call: Call, index: number) => Promise<unknown>,
): Promise<void> {
  for (const [index, call] of calls.entries()) {
    if (index < (progress?.skip ?? 0)) continue;
    try {
      await send(call, index);
    } catch (error) {
      if (await progress?.onFailed(error, index, calls.length)) continue;
      throw error;
    }
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
  /**
   * What a queued call that got no answer in time may have done, and so how it is tried again (README.md
   * here): `idempotent` — the platform recognises the resend (Google Chat's requestId), tried again like a
   * 5xx; `receipt` — the platform reports what it sent (WhatsApp's status webhooks), tried again only once
   * none came (recordReceipt in delivery-repository.ts); `once` — nothing to ask (Telegram, Messenger), tried
   * again at most once.
   */
  readonly unanswered: 'idempotent' | 'receipt' | 'once';
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
  /**
   * sends one notification message to one subscriber (modules/subscriptions); throws RetryLater on a 429. With
   * a messaging window (WhatsApp), the template that goes instead once it has closed.
   */
  platformSender?(context: ChannelContext): PlatformSender | PlatformSending;
}
