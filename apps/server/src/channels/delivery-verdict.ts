import { RetryLater } from '../modules/subscriptions/platform-senders.ts';
import { errorText } from '../platform/error-text.ts';

/**
 * What a failed send means for the delivery: try again later — after the platform's own
 * retry_after / Retry-After when it named one, of any length — or stop, because the platform definitely refused
 * (the user blocked the bot, the chat is gone, the 24-hour window closed, the message is malformed).
 */
export type DeliveryVerdict =
  /** `unanswered`: no answer came in time, so the platform may have taken it */
  | { kind: 'retry'; afterMs: number | null; reason: string; unanswered: boolean }
  /** the chat is closed to the bot: nothing more is sent */
  | { kind: 'refused'; reason: string }
  /** this message alone was refused (malformed, a file the platform cannot fetch): the rest goes on */
  | { kind: 'skipped'; reason: string };

/** The platforms' errors (TelegramError, GraphError, WhatsappError, GoogleChatError) say whether a retry may help. */
interface PlatformError {
  readonly isRetryable: boolean;
  /** seconds the platform asked to wait, where it says */
  readonly retryAfter?: number | null;
  /** no answer came in time */
  readonly isUnanswered?: boolean;
  /** a refusal of this message, not of the chat */
  readonly isMessageRefusal?: boolean;
}

function isPlatformError(error: unknown): error is Error & PlatformError {
  return error instanceof Error && typeof (error as Partial<PlatformError>).isRetryable === 'boolean';
}

export function verdictOf(error: unknown): DeliveryVerdict {
  const reason = errorText(error);
  if (error instanceof RetryLater) {
    return { kind: 'retry', afterMs: error.retryAfterMs, reason, unanswered: false };
  }
  if (!isPlatformError(error)) return { kind: 'refused', reason };
  if (!error.isRetryable)
    return error.isMessageRefusal ? { kind: 'skipped', reason } : { kind: 'refused', reason };
  const seconds = error.retryAfter;
  const afterMs =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
  return { kind: 'retry', afterMs, reason, unanswered: error.isUnanswered === true };
}

/** "45 s", "70 s", "2 min", "1 h 5 min": how long until the next try, for the turn's trace. */
export function durationText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
