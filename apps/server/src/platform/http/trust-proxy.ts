import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.ts';

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify reads a bare number as "trust nothing" (a hop count
 * cannot check who the nearest peer is), so a hop count is passed as a function of the hop instead: the nearest
 * `hops` addresses (the socket peer, then X-Forwarded-For from the right) are proxies, and the client is the
 * next one. That is right only when the server is reachable through the proxies alone.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
