import { errorText } from '../../platform/error-text.ts';
import {
  isFetchTimeout,
  OutboundError,
  type OutboundErrorReason,
} from '../../platform/net/outbound-error.ts';
import type { OutboundAnswer, OutboundHttp } from '../../platform/net/outbound-http.ts';
/**
 * A small client of the WhatsApp Cloud API (Graph): `POST {base}/{phone_number_id}/messages` and
 * `GET {base}/{phone_number_id}` with `Authorization: Bearer <token>`, plain HTTP, no SDK (DESIGN.md §3). The base
 * is the chatbot's `chatapi_url`, else the operator's WHATSAPP_API_URL, so tests talk to a fake on loopback.
 */
export class WhatsappError extends Error {
  readonly operation: string;
  /** the HTTP status, 0 when the API could not be reached */
  readonly status: number;
  readonly description: string;
  /** Graph's `error.code` (190 a bad token, 130429 the throughput limit…), null when absent */
  readonly code: number | null;
  /** seconds the API asked to wait (a Retry-After header), null when it did not say */
  readonly retryAfter: number | null;
  /** no answer came in time: WhatsApp may have sent the message (its status webhook will say) */
  readonly isUnanswered: boolean;
  constructor(
    operation: string,
    status: number,
    description: string,
    code: number | null = null,
    retryAfter: number | null = null,
    isUnanswered = false,
  ) {
    super(`WhatsApp ${operation}: ${status === 0 ? '' : `${status} `}${description}`);
    this.operation = operation;
    this.status = status;
    this.description = description;
    this.code = code;
    this.retryAfter = retryAfter;
    this.isUnanswered = isUnanswered;
    this.name = 'WhatsappError';
  }

  /** A 429, or Graph's rate-limit codes (4 app, 80007 account, 130429 throughput) on another status. */
  get isRateLimited(): boolean {
    return this.status === 429 || (this.code !== null && RATE_LIMIT_CODES.has(this.code));
  }

  /** Rate limits, 5xx and an unreachable API are worth trying again; any other answer is final. */
  get isRetryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.isRateLimited;
  }

  /**
   * A refusal of this message alone (a parameter, a media WhatsApp cannot fetch, a template error), not of the
   * chat: more than 24 hours since the user wrote (131047), undeliverable (131026) or a refused token stop.
   */
  get isMessageRefusal(): boolean {
    return (
      this.code !== null &&
      (MESSAGE_REFUSAL_CODES.has(this.code) || (this.code >= 132000 && this.code < 133000))
    );
  }

  /** The token was refused (HTTP 401 or Graph's OAuthException 190). */
  get isTokenRefused(): boolean {
    return this.status === 401 || this.code === 190;
  }
}

/** the app's, the account's and the number's throughput limits, and 131056: too many messages to one user */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

/** invalid parameter, missing or invalid value, unsupported type, media download or upload failed */
const MESSAGE_REFUSAL_CODES = new Set([100, 131008, 131009, 131051, 131052, 131053]);

/** The outbound guard would not let the request go (a local address not allow-listed, a malformed url): final. */
export class WhatsappAddressRefused extends WhatsappError {
  override get isRetryable(): boolean {
    return false;
  }
}

/** Why the guarded client would never send this request, however often it is tried. */
const DEFINITE_OUTBOUND_REASONS: ReadonlySet<OutboundErrorReason> = new Set([
  'refused',
  'bad_url',
  'bad_request',
]);

export interface WhatsappCallOptions {
  /** tries in all for a retryable failure (default 4) */
  attempts?: number;
  /** the wait before try n+1 without a Retry-After: 500 ms, 1 s, 2 s… */
  backoffMs?: number;
  /** the longest Retry-After honoured before giving up (default 60 s) */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * The guarded client (platform/net) for an address the owner typed (`chatapi_url`): its host is vetted by the
   * outbound guard like every request made on an owner's behalf. Absent: the operator's WHATSAPP_API_URL, fetched
   * directly.
   */
  http?: OutboundHttp;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface GraphAnswer {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}

function retryAfterOf(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

export interface WhatsappRequest {
  method: 'GET' | 'POST';
  /** the path under the base: `{phone_number_id}/messages` */
  path: string;
  body?: unknown;
}

/** One call through the guarded client: the same answer handling as fetch's. */
async function callGuarded(
  http: OutboundHttp,
  url: string,
  token: string,
  request: WhatsappRequest,
  timeoutMs: number,
): Promise<unknown> {
  const operation = `${request.method} ${request.path}`;
  let answer: OutboundAnswer;
  try {
    answer = await http.request(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      timeoutMs,
      maxRedirects: 0,
    });
  } catch (error) {
    const message = errorText(error);
    if (error instanceof OutboundError && DEFINITE_OUTBOUND_REASONS.has(error.reason)) {
      throw new WhatsappAddressRefused(operation, 0, message);
    }
    const isUnanswered = error instanceof OutboundError && error.reason === 'timeout';
    throw new WhatsappError(operation, 0, message, null, null, isUnanswered);
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.bodyText);
  } catch {
    parsed = null;
  }
  const error = (parsed as GraphAnswer | null)?.error;
  if (answer.status >= 200 && answer.status < 300 && !error) return parsed;
  throw new WhatsappError(
    operation,
    answer.status,
    error?.message ?? 'failed',
    typeof error?.code === 'number' ? error.code : null,
    retryAfterOf(answer.headers['retry-after'] ?? null),
  );
}

async function callOnce(
  base: string,
  token: string,
  request: WhatsappRequest,
  timeoutMs: number,
  http?: OutboundHttp,
) {
  const url = `${base.replace(/\/+$/, '')}/${request.path}`;
  if (http) return callGuarded(http, url, token, request, timeoutMs);
  const operation = `${request.method} ${request.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const description = errorText(error);
    throw new WhatsappError(operation, 0, description, null, null, isFetchTimeout(error));
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  const error = (answer as GraphAnswer | null)?.error;
  if (response.ok && !error) return answer;
  throw new WhatsappError(
    operation,
    response.status,
    error?.message ?? (response.statusText || 'failed'),
    typeof error?.code === 'number' ? error.code : null,
    retryAfterOf(response.headers.get('retry-after')),
  );
}

/** Calls the API, trying again after a rate limit (its Retry-After, else backoff) or a 5xx; answers the JSON. */
export async function callWhatsapp<T = unknown>(
  base: string,
  token: string,
  request: WhatsappRequest,
  options: WhatsappCallOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await callOnce(base, token, request, options.timeoutMs ?? 10_000, options.http)) as T;
    } catch (error) {
      if (!(error instanceof WhatsappError) || !error.isRetryable || attempt >= attempts) throw error;
      const wait = error.retryAfter !== null ? error.retryAfter * 1000 : backoffMs * 2 ** (attempt - 1);
      if (wait > maxRetryAfterMs) throw error;
      await sleep(wait);
    }
  }
}
