import type { FastifyInstance } from 'fastify';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * `Cache-Control: no-store` on every /api answer (errors included): they carry an owner's data or a sign-in
 * token, which no browser or shared cache may keep. Set before the route runs, so a route may still choose
 * otherwise. Install before the modules are registered.
 */
export function keepApiAnswersOutOfCaches(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
