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

/** Uploaded files (avatars, images), served read-only at `prefix` (`/api/avatars/`, `/api/uploads/`). */
export async function serveUploadedFiles(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    index: false,
    list: false,
  });
}
