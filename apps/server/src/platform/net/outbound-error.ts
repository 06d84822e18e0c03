import { OutboundRefusedError } from './outbound-guard.ts';

/**
 * Why an outbound request failed. Callers show or store the reason and the message; neither carries a stack,
 * a socket error's text or the answer's body.
 */
export type OutboundErrorReason =
  /** not an absolute http: or https: URL, or a URL with credentials in it */
  | 'bad_url'
  /** a header name or value that cannot be sent (a line break in a value, a space in a name) */
  | 'bad_request'
  /** the host (or a redirect's host) is a local or private address the operator has not allow-listed */
  | 'refused'
  /** the host name has no address */
  | 'not_found'
  /** no complete answer within the time limit (connecting, redirects and the whole body count) */
  | 'timeout'
  /** the answer's body, once decompressed, is larger than the limit */
  | 'too_large'
  | 'too_many_redirects'
  /** the server refused or dropped the connection, or could not be reached */
  | 'network'
  /** the server's certificate is not trusted or not for this host */
  | 'tls'
  /** the answer is not valid HTTP, or is encoded in a way that cannot be read */
  | 'bad_response';

export class OutboundError extends Error {
  readonly reason: OutboundErrorReason;

  constructor(reason: OutboundErrorReason, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}

/** The guard's refusal as an OutboundError. */
export function outboundErrorOfRefusal(refusal: OutboundRefusedError): OutboundError {
  return refusal.reason === 'not_found'
    ? new OutboundError('not_found', `${refusal.host} has no address`)
    : new OutboundError(
        'refused',
        `${refusal.host} is a local or private address; the server's operator can allow it with OUTBOUND_ALLOW`,
      );
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
  'UND_ERR_SOCKET',
]);

/** Names a socket, TLS or parser error thrown while talking to `host`; the message never repeats Node's text. */
export function outboundErrorOfFailure(error: unknown, host: string): OutboundError {
  if (error instanceof OutboundError) return error;
  if (error instanceof OutboundRefusedError) return outboundErrorOfRefusal(error);
  const code = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code) : '';
  if (code.startsWith('HPE_') || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
    return new OutboundError('bad_response', `${host} sent an answer that is not valid HTTP`);
  }
  if (isTlsCode(code)) {
    return new OutboundError('tls', `${host} has no certificate trusted for its name`);
  }
  if (
    code === 'ERR_INVALID_HTTP_TOKEN' ||
    code === 'ERR_INVALID_CHAR' ||
    code === 'ERR_HTTP_INVALID_HEADER_VALUE'
  ) {
    return new OutboundError('bad_request', 'A header name or value cannot be sent');
  }
  if (NETWORK_CODES.has(code)) return new OutboundError('network', `${host} could not be reached (${code})`);
  return new OutboundError('network', `${host} could not be reached`);
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('CERT_') ||
    code.includes('SELF_SIGNED') ||
    code.startsWith('UNABLE_TO_') ||
    code === 'HOSTNAME_MISMATCH'
  );
}

/** Whether a fetch failed for want of an answer in time (AbortSignal.timeout): the request may have been taken. */
export function isFetchTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
