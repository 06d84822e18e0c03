import { createHash } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

function decodedName(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    return rawName;
  }
}

/**
 * The URL with the value of every query parameter whose name contains "token" (`token`, `access_token`,
 * `user_token`, any case or percent-encoding) replaced: a link or client that puts a credential in a URL must not
 * leave it in the log.
 */
export function redactTokens(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const rawName = separator === -1 ? pair : pair.slice(0, separator);
      return /token/i.test(decodedName(rawName)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * Paths that carry a token as a segment (the messenger's `/widget/api/{bot}/…`, the channels'
 * `/hooks/{channel}/{token}`, a pending social sign-in's `/api/user/social_register/{token}`): the token is
 * replaced by `~` and the first 8 hex digits of its SHA-256, so a log line still tells one bot's requests from
 * another's without holding the credential.
 */
const TOKEN_SEGMENT =
  /^(\/widget\/api\/|(?:\/api)?\/hooks\/[a-z_]+\/|\/api\/user\/social_register\/)([^/?]+)/;

export function redactPathToken(url: string): string {
  return url.replace(TOKEN_SEGMENT, (_whole, prefix: string, token: string) => {
    return `${prefix}~${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
  });
}

/** The URL as it may be logged: no token in its path or its query. */
export function loggableUrl(url: string): string {
  return redactTokens(redactPathToken(url));
}

/** Fastify's own request serializer, with the URL's tokens redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    version: request.headers?.['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The logger option with the redacting request serializer added (false stays off). */
export function withTokenRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
