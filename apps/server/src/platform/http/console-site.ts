import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built console at `/` (hash routes, so `/` → index.html is the only fallback needed). */
export async function serveConsole(app: FastifyInstance, consoleDist: string): Promise<void> {
  if (!existsSync(join(consoleDist, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`The console is not built (${consoleDist} is missing): run \`npm run build\`, then restart.\n`),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: consoleDist,
    prefix: '/',
    index: 'index.html',
    decorateReply: false,
  });
}

/** Uploaded avatars, served read-only at /api/avatars/<file>. */
export async function serveAvatars(app: FastifyInstance, avatarsDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: avatarsDir,
    prefix: '/api/avatars/',
    decorateReply: false,
    index: false,
    list: false,
  });
}
