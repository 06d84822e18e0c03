import { errorText } from '../../platform/error-text.ts';
import { isFetchTimeout } from '../../platform/net/outbound-error.ts';

/**
 * A small client of the Google Chat API (`POST {GOOGLE_CHAT_API_URL}/v1/{space}/messages` with a JSON body and
 * the app's OAuth access token): plain HTTP, no SDK (DESIGN.md §3); tests talk to a fake on loopback.
 */
export class GoogleChatError extends Error {
  /** what was asked: `messages.create`, `token` */
  readonly call: string;
  /** the HTTP status, 0 when Google could not be reached */
  readonly status: number;
  readonly description: string;
  /** seconds Google asked to wait (Retry-After of a 429) */
  readonly retryAfter: number | null;
  /** no answer came in time: Google may have created the message (a resend with its requestId is safe) */
  readonly isUnanswered: boolean;
  constructor(
    call: string,
    status: number,
    description: string,
    retryAfter: number | null = null,
    isUnanswered = false,
  ) {
    super(`Google Chat ${call}: ${status === 0 ? '' : `${status} `}${description}`);
    this.call = call;
    this.status = status;
    this.description = description;
    this.retryAfter = retryAfter;
    this.isUnanswered = isUnanswered;
    this.name = 'GoogleChatError';
  }

  /** 429, 5xx and an unreachable API are worth trying again; any other answer is final. */
  get isRetryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /** A 400 (INVALID_ARGUMENT: a card Google cannot show) refuses this message; 403, 404 refuse the space. */
  get isMessageRefusal(): boolean {
    return this.status === 400;
  }
}

export interface GoogleCallOptions {
  /** tries in all for a retryable failure (default 4) */
  attempts?: number;
  /** the wait before try n+1: 500 ms, 1 s, 2 s… (a 429 with Retry-After waits that long) */
  backoffMs?: number;
  /** the longest Retry-After honoured before giving up (default 60 s) */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `once`, trying again after a retryable GoogleChatError with backoff (or its Retry-After). */
export async function withRetries<T>(options: GoogleCallOptions, once: () => Promise<T>): Promise<T> {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await once();
    } catch (error) {
      if (!(error instanceof GoogleChatError) || !error.isRetryable || attempt >= attempts) throw error;
      const wait =
        error.status === 429 && error.retryAfter !== null
          ? error.retryAfter * 1000
          : backoffMs * 2 ** (attempt - 1);
      if (wait > maxRetryAfterMs) throw error;
      await sleep(wait);
    }
  }
}

/** A space's resource name as Google writes it (`spaces/AAAA…`): nothing else reaches a request path. */
export function isSpaceName(value: unknown): value is string {
  return typeof value === 'string' && /^spaces\/[A-Za-z0-9_-]{1,100}$/.test(value);
}

interface GoogleErrorAnswer {
  error?: { code?: number; message?: string; status?: string };
}

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

async function postOnce(
  base: string,
  space: string,
  accessToken: string,
  body: unknown,
  timeoutMs: number,
  requestId: string | undefined,
) {
  const query = requestId === undefined ? '' : `?requestId=${encodeURIComponent(requestId)}`;
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/+$/, '')}/v1/${space}/messages${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const description = errorText(error);
    throw new GoogleChatError('messages.create', 0, description, null, isFetchTimeout(error));
  }
  const answer = (await response.json().catch(() => ({}))) as GoogleErrorAnswer & Record<string, unknown>;
  if (response.ok) return answer;
  throw new GoogleChatError(
    'messages.create',
    response.status,
    answer.error?.message ?? (response.statusText || 'failed'),
    retryAfterOf(response),
  );
}

/**
 * Creates a message in a space (`spaces.messages.create`), with retries; answers the created message. With a
 * `requestId`, Google answers a resend with the message that id already created instead of a second one.
 */
export function createChatMessage(
  base: string,
  space: string,
  accessToken: string,
  body: Record<string, unknown>,
  options: GoogleCallOptions & { requestId?: string } = {},
): Promise<Record<string, unknown>> {
  if (!isSpaceName(space)) throw new GoogleChatError('messages.create', 400, `not a space name: ${space}`);
  return withRetries(options, () =>
    postOnce(base, space, accessToken, body, options.timeoutMs ?? 10_000, options.requestId),
  );
}
