import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp, AppModule } from '../../platform/http/module.ts';
import { isAssetName, readWidgetFile, type WidgetFile } from './widget-files.ts';
import {
  allowAnyOrigin,
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  CACHE_SHORT,
  crossOriginHelmet,
  frameHelmet,
} from './widget-headers.ts';

export interface WidgetSiteOptions {
  /** the widget's build output; apps/widget/dist by default */
  distDir?: string;
}

export const DEFAULT_WIDGET_DIST = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../widget/dist',
);
const NOT_BUILT = 'The web messenger is not built (apps/widget/dist is missing): run `npm run build`.\n';

/** Modules live under /api; the widget's files live under /widget. */
function mountAtRoot(app: ApiApp): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/widget/')) return;
    route.url = route.url.slice('/api'.length);
    route.path = route.url;
  });
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: WidgetFile, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', file.etag).type(file.contentType);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.send(file.body);
}

/** Serves the built web messenger: /widget/embed.js, /widget/frame.html and /widget/assets/* (see README.md). */
export function createWidgetSiteModule(options: WidgetSiteOptions = {}): AppModule {
  const distDir = options.distDir ?? DEFAULT_WIDGET_DIST;
  return {
    name: 'widget-site',
    routes(app) {
      mountAtRoot(app);
      const schema = { hide: true };

      app.get('/widget/embed.js', { schema, helmet: crossOriginHelmet }, async (request, reply) => {
        allowAnyOrigin(reply);
        const file = await readWidgetFile(distDir, 'embed.js');
        if (!file) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
        return sendFile(request, reply, file, CACHE_SHORT);
      });

      app.get('/widget/frame.html', { schema, helmet: frameHelmet }, async (request, reply) => {
        const file = await readWidgetFile(distDir, 'frame.html');
        if (!file) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
        return sendFile(request, reply, file, CACHE_REVALIDATE);
      });

      app.get<{ Params: { file: string } }>(
        '/widget/assets/:file',
        { schema, helmet: crossOriginHelmet },
        async (request, reply) => {
          allowAnyOrigin(reply);
          const name = request.params.file;
          const file = isAssetName(name) ? await readWidgetFile(distDir, `assets/${name}`) : null;
          if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
          return sendFile(request, reply, file, CACHE_IMMUTABLE);
        },
      );
    },
  };
}

export const widgetSiteModule = createWidgetSiteModule();
