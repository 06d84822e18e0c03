/**
 * Headers the client sets itself (Host, Content-Length, Accept-Encoding), hop-by-hop headers an owner has no
 * business sending, and the headers cloud metadata services demand (in case a metadata address is ever
 * allow-listed by mistake).
 */
const DROPPED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'metadata',
  'metadata-flavor',
  'x-google-metadata-request',
  'x-aws-ec2-metadata-token',
  'x-aws-ec2-metadata-token-ttl-seconds',
]);

const USER_AGENT = 'Hiwar';

/** The owner's headers with lowercase names, without the dropped ones, and a User-Agent unless they set one. */
export function requestHeadersOf(given: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const [name, value] of Object.entries(given)) {
    const lower = name.trim().toLowerCase();
    if (!DROPPED_HEADERS.has(lower)) headers[lower] = value;
  }
  return headers;
}
