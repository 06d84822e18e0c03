import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { modules as allModules } from './modules/index.ts';
import { registerLexicons } from './modules/nlu/lexicons.ts';
import { UPLOADS_URL_PREFIX, uploadsDirOf } from './modules/uploads/upload-image.ts';
import type { Config } from './platform/config.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { publishApiDocs } from './platform/http/api-docs.ts';
import { createAuthGuard } from './platform/http/auth-guard.ts';
import { serveConsole, serveUploadedFiles } from './platform/http/console-site.ts';
import { answerClientError, answerRouterError, installErrorHandlers } from './platform/http/error-handler.ts';
import { acceptEmptyJsonBodies } from './platform/http/json-body.ts';
import type { AppModule, ModuleContext } from './platform/http/module.ts';
import { keepApiAnswersOutOfCaches } from './platform/http/no-store.ts';
import { withTokenRedaction } from './platform/http/request-log.ts';
import { requestValidatorCompiler } from './platform/http/request-validator.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { fastifyTrustProxy } from './platform/http/trust-proxy.ts';
import { createLogMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { createOutboundGuard } from './platform/net/outbound-guard.ts';
import { createOutboundHttp } from './platform/net/outbound-http.ts';

export interface AppDeps {
  config: Config;
  /** An open, migrated database; the caller closes it after closing the app. */
  database: DatabaseHandle;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  modules?: AppModule[];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole HTTP application, ready to listen: used by main.ts and by the integration tests. */
/** One guard and one HTTP client per process for connections made on owners' behalf (DESIGN.md §8). */
function outboundOf(allow: readonly string[]) {
  const guard = createOutboundGuard(allow);
  return { guard, http: createOutboundHttp(guard) };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  registerLexicons();
  const app = Fastify({
    logger: withTokenRedaction(deps.logger ?? true),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerRouterError,
    clientErrorHandler: answerClientError,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  installErrorHandlers(app);
  await installSecurityHeaders(app, config.corsOrigins);
  keepApiAnswersOutOfCaches(app);
  await publishApiDocs(app);

  const avatarsDir = join(config.dataDir, 'avatars');
  const uploadsDir = uploadsDirOf(config.dataDir);
  for (const dir of [avatarsDir, uploadsDir]) mkdirSync(dir, { recursive: true });
  const context: ModuleContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer:
      deps.mailer ??
      (config.smtpUrl
        ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
        : createLogMailer(app.log)),
    secrets: createSecretBox(config.secretKey),
    outbound: outboundOf(config.outboundAllow),
    requireUser: createAuthGuard(app, database.db),
  };
  for (const module of deps.modules ?? allModules) {
    await app.register(async (scope) => module.routes(scope, context), { prefix: '/api' });
  }
  await serveUploadedFiles(app, avatarsDir, '/api/avatars/');
  await serveUploadedFiles(app, uploadsDir, UPLOADS_URL_PREFIX);
  await serveConsole(app, config.consoleDist);
  return app;
}
