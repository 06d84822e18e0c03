import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp } from '../../platform/http/module.ts';
import { loggableUrl } from '../../platform/http/request-log.ts';

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

/** One in this many answered polls and messages gets an info line (every failure gets its line). */
export const WIDGET_LOG_SAMPLE = 100;

/**
 * The messenger's busiest calls (messages, notices) log at warn, so Fastify writes no request lines for them:
 * this writes one line when each is answered — every 4xx and 5xx (warn, error), and one in WIDGET_LOG_SAMPLE of
 * the rest (info) — with the route, the status and the time, the bot token hashed (request-log.ts), so a
 * failing call can be traced to its route by its reqId.
 */
export function logWidgetAnswers(app: ApiApp): void {
  let answered = 0;
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // the other calls log their own request lines
    if (request.routeOptions.logLevel !== 'warn') return;
    const status = reply.statusCode;
    answered += 1;
    const sampled = answered % WIDGET_LOG_SAMPLE === 0;
    if (status < 400 && !sampled) return;
    const line = {
      reqId: request.id,
      req: { method: request.method, url: loggableUrl(request.url) },
      res: { statusCode: status },
      responseTime: reply.elapsedTime,
      ...(status < 400 && { sampled: WIDGET_LOG_SAMPLE }),
    };
    if (status >= 500) app.log.error(line, 'widget request failed');
    else if (status >= 400) app.log.warn(line, 'widget request refused');
    else app.log.info(line, 'widget request completed');
  });
}
