import { failureEnvelope, ok } from '@hiwar/contracts';
import { sql } from 'kysely';
import { probeWrite } from '../../platform/db/server-settings-repository.ts';
import { isStorageFull, STORAGE_FULL_RETRY_SECONDS } from '../../platform/http/error-handler.ts';
import type { AppModule } from '../../platform/http/module.ts';

const tags = ['platform'];

/**
 * GET /api/health: answers once the database answers (load balancers probe it).
 * GET /api/health/ready: the server can also write — a probe row is written and removed each time — so a full disk or a
 * read-only database takes the server out of rotation (503) until it can write again; no restart is needed.
 */
export const healthModule: AppModule = {
  name: 'health',
  routes(app, { db }) {
    app.get('/health', { schema: { tags, response: { 200: ok } } }, async () => {
      await sql`select 1`.execute(db);
      return { status: 1 as const };
    });
    app.get(
      '/health/ready',
      { schema: { tags, response: { 200: ok, 503: failureEnvelope } } },
      async (request, reply) => {
        try {
          await probeWrite(db);
          return { status: 1 as const };
        } catch (error) {
          request.log.error({ err: error }, 'readiness: the database cannot write');
          if (!isStorageFull(error))
            return reply.code(503).send({ status: 0 as const, msg: 'The database cannot write' });
          reply.header('retry-after', String(STORAGE_FULL_RETRY_SECONDS));
          return reply
            .code(503)
            .send({ status: 0 as const, msg: 'The database cannot write: the storage is full' });
        }
      },
    );
  },
};
