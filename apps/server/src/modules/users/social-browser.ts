import type { FastifyRequest } from 'fastify';
import { cookieHeader, readCookie } from '../../platform/http/cookies.ts';

/**
 * The cookie that binds a pending social sign-in and a sign-in ticket to the browser the provider sent back:
 * their tokens travel in console links (`/user/social_register/{token}`), and a link someone else sends would
 * otherwise sign the opener in as that someone (or link that someone's provider account to the opener's new
 * account). The provider's callback sets it; the calls that use a token send it back (same origin).
 */
const SOCIAL_BROWSER_COOKIE = 'hiwar_social_browser';
const SOCIAL_BROWSER_MAX_AGE_SECONDS = 60 * 60;

/** The browser's binding value as the request carries it; empty without one. */
export function socialBrowserOf(request: FastifyRequest): string {
  return readCookie(request, SOCIAL_BROWSER_COOKIE) ?? '';
}

/** `Set-Cookie` for the binding value (random, given by the caller), sent to `/api` only. */
export function socialBrowserCookie(request: FastifyRequest, value: string): string {
  return cookieHeader(request, {
    name: SOCIAL_BROWSER_COOKIE,
    value,
    path: '/api',
    maxAgeSeconds: SOCIAL_BROWSER_MAX_AGE_SECONDS,
  });
}
