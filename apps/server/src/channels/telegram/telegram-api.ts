import { errorText } from '../../platform/error-text.ts';
import { isFetchTimeout } from '../../platform/net/outbound-error.ts';

/**
 * A small client of the Telegram Bot API (`POST {base}/bot<token>/<method>` with a JSON body): plain HTTP, no
 * SDK (DESIGN.md §3). The base URL is the operator's TELEGRAM_API_URL, so tests talk to a fake on loopback.
 */
export class TelegramError extends Error {
  readonly method: string;
  /** the HTTP status, 0 when the API could not be reached */
  readonly status: number;
  readonly description: string;
  /** seconds Telegram asked to wait (429) */
  readonly retryAfter: number | null;
  /** no answer came in time: Telegram may have sent the message (sendMessage has no idempotency key) */
  readonly isUnanswered: boolean;
  constructor(
    method: string,
    status: number,
    description: string,
    retryAfter: number | null = null,
    isUnanswered = false,
  ) {
    super(`Telegram ${method}: ${status === 0 ? '' : `${status} `}${description}`);
    this.method = method;
    this.status = status;
    this.description = description;
    this.retryAfter = retryAfter;
    this.isUnanswered = isUnanswered;
    this.name = 'TelegramError';
  }

  /** 429, 5xx and an unreachable API are worth trying again; any other answer is final. */
  get isRetryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /**
   * A refusal of this message alone (a 400 about its content: a file Telegram cannot fetch, a malformed
   * keyboard), not of the chat: a blocked bot (403), a chat that is gone ("chat not found", a deactivated user)
   * or a refused token (401, 404) stop the delivery.
   */
  get isMessageRefusal(): boolean {
    return this.status === 400 && !CHAT_REFUSALS.test(this.description);
  }
}

/** Telegram's 400 descriptions that are about the chat, not the message. */
const CHAT_REFUSALS =
  /chat not found|user not found|user is deactivated|peer_id_invalid|group chat was upgraded|not enough rights|have no rights/i;

export interface TelegramCallOptions {
  /** tries in all for a retryable failure (default 4) */
  attempts?: number;
  /** the wait before try n+1 after a 5xx or a network failure: 500 ms, 1 s, 2 s… (a 429 waits its retry_after) */
  backoffMs?: number;
  /** the longest retry_after honoured before giving up (default 60 s) */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface TelegramAnswer {
  ok?: boolean;
  result?: unknown;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

async function callOnce(base: string, token: string, method: string, body: unknown, timeoutMs: number) {
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/+$/, '')}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const description = errorText(error);
    throw new TelegramError(method, 0, description, null, isFetchTimeout(error));
  }
  let answer: TelegramAnswer = {};
  try {
    answer = (await response.json()) as TelegramAnswer;
  } catch {
    answer = {};
  }
  if (response.ok && answer.ok === true) return answer.result;
  throw new TelegramError(
    method,
    response.status,
    answer.description ?? response.statusText ?? 'failed',
    answer.parameters?.retry_after ?? null,
  );
}

/** Calls a method, trying again after a 429 (its retry_after) or a 5xx (with backoff); answers `result`. */
export async function callTelegram<T = unknown>(
  base: string,
  token: string,
  method: string,
  body: unknown,
  options: TelegramCallOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await callOnce(base, token, method, body, options.timeoutMs ?? 10_000)) as T;
    } catch (error) {
      if (!(error instanceof TelegramError) || !error.isRetryable || attempt >= attempts) throw error;
      const wait =
        error.status === 429 && error.retryAfter !== null
          ? error.retryAfter * 1000
          : backoffMs * 2 ** (attempt - 1);
      if (wait > maxRetryAfterMs) throw error;
      await sleep(wait);
    }
  }
}
