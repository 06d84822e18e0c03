import { OutboundError } from '../../../platform/net/outbound-error.ts';
import type { OutboundAnswer, OutboundHttp, OutboundMethod } from '../../../platform/net/outbound-http.ts';
import { retryAfterOf } from '../../../platform/net/retry-after.ts';
import type { ChatwootAccount } from './chatwoot-account.ts';
import { ChatwootError, chatwootMessageOf } from './chatwoot-error.ts';

export interface ChatwootConnection {
  account: ChatwootAccount;
  /** the Chatwoot user's access token (profile settings → access token), sent as `api_access_token` */
  accessToken: string;
  /** the outbound client (platform/net): the guard vets Chatwoot's host like any address an owner typed */
  http: OutboundHttp;
  /** each request's limit, connecting to the whole body: 10 000 unless given */
  timeoutMs?: number;
  /** the longest wait before the one retry of a 429 or 5xx: 2 000 unless given */
  maxRetryWaitMs?: number;
}

export type ChatwootSend = (method: OutboundMethod, path: string, body?: unknown) => Promise<unknown>;

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RETRY_WAIT_MS = 2_000;
/** the wait before retrying a 5xx (or a 429 without Retry-After) */
const DEFAULT_RETRY_WAIT_MS = 300;

/**
 * One Application API request under `/api/v1/accounts/{account}`: JSON both ways, the token in its header,
 * the parsed answer of a 2xx, otherwise a ChatwootError. A 429 or 5xx is tried once more after Retry-After
 * (or a short pause) when that is at most `maxRetryWaitMs`; nothing else is retried.
 */
export function createChatwootSend(connection: ChatwootConnection): ChatwootSend {
  const { account, accessToken, http } = connection;
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetryWaitMs = connection.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const accountUrl = `${account.baseUrl}/api/v1/accounts/${account.accountId}`;

  return async (method, path, body) => {
    const url = `${accountUrl}${path}`;
    const request = () =>
      requestOnce(http, url, {
        method,
        headers: {
          accept: 'application/json',
          api_access_token: accessToken,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        timeoutMs,
        // the token header is not dropped on a redirect to another origin: follow none, say where it went
        maxRedirects: 0,
      });
    let answer = await request();
    if (isRetryable(answer.status)) {
      const waitMs = retryWaitOf(answer);
      if (waitMs <= maxRetryWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        answer = await request();
      }
    }
    return readAnswer(answer, method, path);
  };
}

function isRetryable(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

function retryWaitOf(answer: OutboundAnswer): number {
  const seconds = retryAfterOf(answer.headers['retry-after']);
  return seconds === undefined ? DEFAULT_RETRY_WAIT_MS : seconds * 1000;
}

async function requestOnce(
  http: OutboundHttp,
  url: string,
  options: Parameters<OutboundHttp['request']>[1],
): Promise<OutboundAnswer> {
  try {
    return await http.request(url, options);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const message =
      error.reason === 'too_many_redirects'
        ? `Chatwoot at ${new URL(url).host} redirected the request; set the address it redirects to`
        : `Chatwoot could not be reached: ${error.message}`;
    throw new ChatwootError(error.reason, message);
  }
}

function readAnswer(answer: OutboundAnswer, method: string, path: string): unknown {
  const { status } = answer;
  if (status >= 200 && status <= 299) {
    if (answer.bodyText.trim() === '') return null;
    try {
      return JSON.parse(answer.bodyText);
    } catch {
      throw new ChatwootError('bad_response', `Chatwoot answered ${method} ${path} with something not JSON`, {
        status,
      });
    }
  }
  if (status >= 300 && status <= 399) {
    throw new ChatwootError('too_many_redirects', `Chatwoot redirected ${method} ${path} (${status})`, {
      status,
    });
  }
  const chatwootMessage = chatwootMessageOf(answer.bodyText);
  const retryAfter =
    status === 429 || status === 503 ? retryAfterOf(answer.headers['retry-after']) : undefined;
  const said = chatwootMessage === '' ? '' : `: ${chatwootMessage}`;
  throw new ChatwootError('http', `Chatwoot answered ${method} ${path} with ${status}${said}`, {
    status,
    chatwootMessage,
    ...(retryAfter !== undefined && { retryAfter }),
  });
}
