import { errorText } from '../error-text.ts';
import { isFetchTimeout } from '../net/outbound-error.ts';

/**
 * A small client of Meta's Graph API (`{FACEBOOK_GRAPH_URL}/<path>?access_token=…`) for the Messenger channel and
 * Facebook sign-in: plain HTTP, no SDK (DESIGN.md §3). The base URL is the operator's FACEBOOK_GRAPH_URL, so
 * tests talk to a fake on loopback.
 */
export class GraphError extends Error {
  readonly path: string;
  /** the HTTP status, 0 when the API could not be reached */
  readonly status: number;
  readonly description: string;
  /** Graph's `error.code` (190 a bad token, 4/17/32/613 rate limits, 368 a blocked page, 10 a policy refusal) */
  readonly code: number | null;
  readonly subcode: number | null;
  /** no answer came in time: Meta may have sent the message (the Send API has no idempotency key) */
  readonly isUnanswered: boolean;
  constructor(
    path: string,
    status: number,
    description: string,
    code: number | null = null,
    subcode: number | null = null,
    isUnanswered = false,
  ) {
    super(`Graph ${path}: ${status === 0 ? '' : `${status} `}${description}`);
    this.path = path;
    this.status = status;
    this.description = description;
    this.code = code;
    this.subcode = subcode;
    this.isUnanswered = isUnanswered;
    this.name = 'GraphError';
  }

  /** Graph's rate limits: HTTP 429, or the application / user / page / custom limits by error code. */
  get isRateLimit(): boolean {
    return this.status === 429 || (this.code !== null && RATE_LIMIT_CODES.has(this.code));
  }

  /** a rate limit, a 5xx or an unreachable API is worth trying again; any other answer is final */
  get isRetryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.isRateLimit;
  }

  /**
   * A refusal of this message alone: Graph's 100 "invalid parameter" (a malformed template, an attachment it
   * cannot fetch), except 2018001, no matching user. The window closed (10/2018278), a person unavailable
   * (551), a refused token or permission stop the delivery.
   */
  get isMessageRefusal(): boolean {
    return this.code === 100 && this.subcode !== 2018001;
  }

  /** the page is blocked or restricted by Meta (policy enforcement) */
  get isPageRestricted(): boolean {
    return this.code === 368 || (this.code === 10 && this.subcode === 2018065);
  }
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

export interface GraphCallOptions {
  /** tries in all for a retryable failure (default 4) */
  attempts?: number;
  /** the wait before try n+1: 500 ms, 1 s, 2 s… (doubled again for a rate limit) */
  backoffMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** relative to the Graph base: `me/messages`, `123/subscribed_apps`, `oauth/access_token` */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface GraphAnswer {
  error?: { message?: string; code?: number; error_subcode?: number; type?: string };
}

function urlOf(base: string, request: GraphRequest): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${request.path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  return url.href;
}

async function callOnce(base: string, request: GraphRequest, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(urlOf(base, request), {
      method: request.method,
      ...(request.body !== undefined && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const description = errorText(error);
    throw new GraphError(request.path, 0, description, null, null, isFetchTimeout(error));
  }
  let answer: unknown = {};
  try {
    answer = await response.json();
  } catch {
    answer = {};
  }
  const error = (answer as GraphAnswer | null)?.error;
  if (response.ok && !error) return answer;
  throw new GraphError(
    request.path,
    response.status,
    error?.message ?? (response.statusText || 'failed'),
    error?.code ?? null,
    error?.error_subcode ?? null,
  );
}

/** Calls the Graph API, trying again after a rate limit, a 5xx or a network failure (with backoff). */
export async function callGraph<T = unknown>(
  base: string,
  request: GraphRequest,
  options: GraphCallOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await callOnce(base, request, options.timeoutMs ?? 10_000)) as T;
    } catch (error) {
      if (!(error instanceof GraphError) || !error.isRetryable || attempt >= attempts) throw error;
      // Graph gives no retry-after: a rate limit waits twice as long as a 5xx
      await sleep(backoffMs * 2 ** (attempt - 1) * (error.isRateLimit ? 2 : 1));
    }
  }
}
