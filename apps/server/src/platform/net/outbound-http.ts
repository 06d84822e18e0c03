import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { OutboundError, outboundErrorOfFailure, outboundErrorOfRefusal } from './outbound-error.ts';
import { type OutboundGuard, OutboundRefusedError, type VettedAddress } from './outbound-guard.ts';
import { ACCEPTED_ENCODINGS, decodeBodyText, readAnswerBody } from './read-answer-body.ts';
import { requestHeadersOf } from './request-headers.ts';

/**
 * The one HTTP client for requests made on an owner's behalf (api responses and actions, image prefill). Every
 * hop's host goes through the outbound guard, and the connection is opened to the address the guard vetted —
 * never to the name again, so a second DNS answer cannot move it (rebinding). TLS still checks the certificate
 * against the name. Redirects are followed here, each one vetted again. README.md beside this file.
 */

export const OUTBOUND_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type OutboundMethod = (typeof OUTBOUND_METHODS)[number];

export interface OutboundRequestOptions {
  /** GET unless given */
  method?: OutboundMethod;
  /** sent as given, except those the client sets itself (Host, Content-Length, Accept-Encoding, hop-by-hop) */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** for connecting, every redirect and the whole body: 10 000 unless given, at most 30 000 */
  timeoutMs?: number;
  /** the answer's body after decompression: 1 MiB unless given, at most 10 MiB */
  maxBytes?: number;
  /** 3 unless given, at most 3 */
  maxRedirects?: number;
}

export interface OutboundAnswer {
  status: number;
  /** lowercase names; repeated headers joined with ", " */
  headers: Record<string, string>;
  /** the media type alone, lowercase (`application/json`); '' when the server sent none */
  contentType: string;
  bodyText: string;
  /** the URL that answered, after redirects */
  url: string;
}

export interface OutboundHttp {
  /** Answers whatever status the server sent; throws only OutboundError. */
  request(url: string, options?: OutboundRequestOptions): Promise<OutboundAnswer>;
}

export const OUTBOUND_LIMITS = {
  defaultTimeoutMs: 10_000,
  maxTimeoutMs: 30_000,
  defaultMaxBytes: 1024 * 1024,
  maxMaxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export function createOutboundHttp(guard: OutboundGuard): OutboundHttp {
  return { request: (url, options = {}) => requestThroughGuard(guard, url, options) };
}

interface Hop {
  url: URL;
  method: OutboundMethod;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

async function requestThroughGuard(
  guard: OutboundGuard,
  rawUrl: string,
  options: OutboundRequestOptions,
): Promise<OutboundAnswer> {
  const timeoutMs = limitOf(
    options.timeoutMs,
    OUTBOUND_LIMITS.defaultTimeoutMs,
    OUTBOUND_LIMITS.maxTimeoutMs,
  );
  const maxBytes = limitOf(options.maxBytes, OUTBOUND_LIMITS.defaultMaxBytes, OUTBOUND_LIMITS.maxMaxBytes);
  const maxRedirects = limitOf(
    options.maxRedirects,
    OUTBOUND_LIMITS.maxRedirects,
    OUTBOUND_LIMITS.maxRedirects,
    0,
  );
  const method = options.method ?? 'GET';
  // callers may pass an owner's text: CONNECT, TRACE and the like are never sent
  if (!OUTBOUND_METHODS.includes(method)) throw new OutboundError('bad_request', `${method} cannot be sent`);
  let hop: Hop = {
    url: parseTargetUrl(rawUrl),
    method,
    headers: requestHeadersOf(options.headers ?? {}),
    body: options.body,
  };
  const deadline = new Deadline(timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const vetted = await deadline.race(vet(guard, hop.url));
      const answer = await deadline.race(send(hop, vetted, deadline.signal));
      const location = answer.headers.location;
      if (!REDIRECT_STATUSES.has(answer.statusCode ?? 0) || !location) {
        return await deadline.race(readAnswer(answer, hop, maxBytes));
      }
      answer.destroy();
      if (redirects >= maxRedirects) {
        throw new OutboundError('too_many_redirects', `More than ${maxRedirects} redirects from ${rawUrl}`);
      }
      hop = redirectedHop(hop, location, answer.statusCode ?? 0);
    }
  } catch (error) {
    if (deadline.expired) {
      throw new OutboundError('timeout', `${hop.url.host} did not answer within ${timeoutMs} ms`);
    }
    throw outboundErrorOfFailure(error, hop.url.host);
  } finally {
    deadline.clear();
  }
}

/** A positive whole number no larger than `max`; `fallback` when not given or not a number. */
function limitOf(value: number | undefined, fallback: number, max: number, min = 1): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), min), max);
}

/** An absolute http: or https: URL without credentials, or OutboundError('bad_url'). */
export function parseTargetUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundError('bad_url', 'Not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('bad_url', `Only http: and https: URLs can be requested, not ${url.protocol}`);
  }
  // refused rather than stripped: silently dropping them would send the request unauthenticated
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError('bad_url', 'A URL may not carry a user name or password; send them in a header');
  }
  url.hash = '';
  return url;
}

async function vet(guard: OutboundGuard, url: URL): Promise<VettedAddress> {
  try {
    return await guard.vet(url.hostname);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw outboundErrorOfRefusal(error);
    throw error;
  }
}

/** One request to the vetted address; resolves with the answer's head. */
function send(hop: Hop, vetted: VettedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const { url } = hop;
  const secure = url.protocol === 'https:';
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const headers: Record<string, string> = {
    ...hop.headers,
    host: url.host,
    'accept-encoding': ACCEPTED_ENCODINGS,
  };
  if (hop.body !== undefined) headers['content-length'] = String(Buffer.byteLength(hop.body));
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      // the address, not the name: Node does no lookup of its own, so the guard's answer is where it connects
      host: vetted.address,
      family: vetted.family,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers,
      // TLS: SNI and the certificate check are for the name the owner wrote
      servername: isIP(name) === 0 ? name : undefined,
      rejectUnauthorized: true,
      agent: false,
      signal,
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(hop.body);
  });
}

/** The next hop after a redirect, as browsers do it (fetch's rules). */
function redirectedHop(hop: Hop, location: string, status: number): Hop {
  const url = parseTargetUrl(location, hop.url);
  const headers = { ...hop.headers };
  let { method, body } = hop;
  const becomesGet =
    status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST';
  if (becomesGet) {
    method = 'GET';
    body = undefined;
    for (const name of ['content-type', 'content-encoding', 'content-language', 'content-location']) {
      delete headers[name];
    }
  }
  if (url.origin !== hop.url.origin) {
    for (const name of ['authorization', 'cookie', 'proxy-authorization']) delete headers[name];
  }
  return { url, method, headers, body };
}

async function readAnswer(answer: IncomingMessage, hop: Hop, maxBytes: number): Promise<OutboundAnswer> {
  const body = hop.method === 'HEAD' ? Buffer.alloc(0) : await readAnswerBody(answer, maxBytes, hop.url.host);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const contentTypeHeader = headers['content-type'] ?? '';
  return {
    status: answer.statusCode ?? 0,
    headers,
    contentType: (contentTypeHeader.split(';')[0] ?? '').trim().toLowerCase(),
    bodyText: decodeBodyText(body, contentTypeHeader),
    url: hop.url.href,
  };
}

/** One time limit over the whole request: aborting it tears down the socket in use. */
class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly expiry: Promise<never>;

  constructor(ms: number) {
    this.expiry = new Promise<never>((_, reject) => {
      this.controller.signal.addEventListener('abort', () => reject(new Error('deadline')));
    });
    this.expiry.catch(() => undefined);
    this.timer = setTimeout(() => this.controller.abort(), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  race<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.expiry]);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
