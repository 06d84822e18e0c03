import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** helmet with a CSP that admits the console's own scripts, Mantine's inline styles and map tiles. */
export async function installSecurityHeaders(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        // self-hosted installs often run on plain http: upgrading subresources would break them
        upgradeInsecureRequests: null,
      },
    },
  });
  // CORS stays off unless the operator lists origins: the console is served from the same origin
  if (corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: corsOrigins, credentials: false });
  }
}
