import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  onRequestAsyncHookHandler,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Database, DialectName } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboundGuard } from '../net/outbound-guard.ts';
import type { OutboundHttp } from '../net/outbound-http.ts';

/** The Fastify instance a module registers its routes on: paths are relative to /api, zod schemas type them. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module may use. Modules call each other's exported functions, never each other's tables. */
export interface ModuleContext {
  db: Database;
  dialect: DialectName;
  config: Config;
  mailer: Mailer;
  secrets: SecretBox;
  /** the one guard (OUTBOUND_ALLOW) and HTTP client for every connection made on an owner's behalf */
  outbound: { guard: OutboundGuard; http: OutboundHttp };
  /** `onRequest: requireUser` on routes that need a signed-in user; read the user with `sessionOf(request)` */
  requireUser: onRequestAsyncHookHandler;
}

export interface AppModule {
  name: string;
  /** Registered in its own encapsulated scope under /api. */
  routes(app: ApiApp, context: ModuleContext): Promise<void> | void;
}
