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

/** Fastify's own request serializer, with the URL's tokens redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
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
