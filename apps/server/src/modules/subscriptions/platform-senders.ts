import type { BotMessage } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { NoticeAbout } from '../notices/notice-repository.ts';

/**
 * How fast a broadcast may send, in messages per second: to a platform overall and to one chat
 * (PLATFORM-NOTES.md "Broadcasts": Telegram about 30/s overall and 1/s per chat, WhatsApp 80/s). The web
 * messenger is a table write, unthrottled. The operator changes any of them with BROADCAST_RATES.
 */
export const DEFAULT_BROADCAST_RATES: Record<string, number> = {
  telegram: 30,
  telegram_chat: 1,
  whatsapp: 80,
  facebook: 40,
  facebook_chat: 1,
  google_chat: 1,
};

/** The platform asked to wait (HTTP 429, `retry_after`): the recipient is tried again after `retryAfterMs`. */
export class RetryLater extends Error {
  readonly retryAfterMs: number;
  constructor(
    retryAfterMs: number,
    message = `rate limited by the platform, retry after ${Math.ceil(retryAfterMs / 1000)} s`,
  ) {
    super(message);
    this.retryAfterMs = retryAfterMs;
    this.name = 'RetryLater';
  }
}

export interface Recipient {
  userId: number;
  platform: string;
  senderId: string;
}

/**
 * Sends one bot message to one recipient on a platform (a channel adapter). Throws `RetryLater` on
 * the platform's 429, any other error when the recipient cannot be reached (recorded as its failure).
 */
export type PlatformSender = (
  recipient: Recipient,
  message: BotMessage,
  /** a notice's kind (a person's reply during a hand-over: Messenger's HUMAN_AGENT tag) */
  about?: NoticeAbout | null,
) => Promise<void>;

/** An approved message template with its body parameters filled, {{1}}, {{2}}… in order. */
export interface FilledTemplate {
  name: string;
  language: string;
  params: string[];
}

/**
 * A platform on which a business may write freely only for a while after the recipient last wrote, and then
 * only an approved template (WhatsApp: 24 hours; PLATFORM-NOTES.md).
 */
export interface MessagingWindow {
  /** whether the recipient wrote recently enough for the notification's own messages */
  isOpen(recipient: Recipient): Promise<boolean>;
  /** why a message that is not a template cannot go once it has closed (a notice's refusal) */
  closedReason: string;
  /** sends the template instead; errors as PlatformSender's */
  sendTemplate(recipient: Recipient, template: FilledTemplate): Promise<void>;
  /** sends a notice as the owner's template for its kind; throws, saying why, when there is none */
  sendNoticeTemplate?(recipient: Recipient, notice: NoticeAbout): Promise<void>;
}

/** How a channel sends a notification on its platform. */
export interface PlatformSending {
  send: PlatformSender;
  /** WhatsApp's 24-hour window: outside it the channel's WhatsApp template goes instead */
  window?: MessagingWindow;
}

const senders = new WeakMap<Database, Map<string, PlatformSending>>();

/** A channel registers how to send on its platform; without one a broadcast records its recipients as failed. */
export function setPlatformSender(
  db: Database,
  platform: string,
  sender: PlatformSender | PlatformSending | null,
): void {
  let map = senders.get(db);
  if (!map) {
    map = new Map();
    senders.set(db, map);
  }
  if (sender) map.set(platform, typeof sender === 'function' ? { send: sender } : sender);
  else map.delete(platform);
}

export function platformSenderOf(db: Database, platform: string): PlatformSending | undefined {
  return senders.get(db)?.get(platform);
}
