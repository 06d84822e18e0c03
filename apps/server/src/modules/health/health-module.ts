import { ok } from '@hiwar/contracts';
import { sql } from 'kysely';
import type { AppModule } from '../../platform/http/module.ts';

/** GET /api/health: answers once the database answers (load balancers probe it). */
export const healthModule: AppModule = {
  name: 'health',
  routes(app, { db }) {
    app.get('/health', { schema: { tags: ['platform'], response: { 200: ok } } }, async () => {
      await sql`select 1`.execute(db);
      return { status: 1 as const };
    });
  },
};
