import type { FastifyRequest } from 'fastify';

/**
 * The few cookies the server sets itself (the API's sessions are bearer tokens, not cookies): read one from the
 * request, and write one that scripts cannot read, sent only to `path` and, over HTTPS, only over HTTPS.
 */
export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

/**
 * A `Set-Cookie` value: HttpOnly, SameSite=Lax (sent on a top-level navigation back from another site, such as
 * an OAuth dialog's redirect, and on no other cross-site request); a max age of 0 removes it.
 */
export function cookieHeader(
  request: FastifyRequest,
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number },
): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${cookie.name}=${cookie.value}; Path=${cookie.path}; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}
