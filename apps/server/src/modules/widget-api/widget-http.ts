import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp } from '../../platform/http/module.ts';

/** The public path prefix of the web messenger's API. */
export const WIDGET_API_PREFIX = '/widget/api';

/**
 * Modules are mounted under /api; the embed's calls live under /widget/api. Rewriting the address of this
 * scope's routes as they are added keeps them in the module list (and the OpenAPI document, which reads the
 * same route options) without a second mounting mechanism in app.ts.
 */
export function mountOutsideApi(app: ApiApp): void {
  app.addHook('onRoute', (route) => {
    const apiPrefixed = `/api${WIDGET_API_PREFIX}`;
    if (!route.url.startsWith(apiPrefixed)) return;
    route.url = route.url.slice('/api'.length);
    route.path = route.url;
  });
}

function setCorsHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('access-control-max-age', '86400');
  // the embed runs on other sites: let them read the answers (helmet's default is same-origin)
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** CORS for any origin, without credentials (the widget sends no cookies and no token), and preflights. */
export function allowAnyOrigin(app: ApiApp): void {
  app.addHook('onRequest', async (_request: FastifyRequest, reply: FastifyReply) => {
    setCorsHeaders(reply);
  });
  app.options(`${WIDGET_API_PREFIX}/*`, { schema: { hide: true } }, async (_request, reply) => {
    reply.code(204).send();
  });
}
