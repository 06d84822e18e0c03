import { dismissSecretResetsResponse, secretResetsResponse } from '@hiwar/contracts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { forgetResets, resetsOf } from './secret-reset-repository.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];

/** What the operator's HIWAR_RESET_SECRETS=1 emptied for this owner, and its dismissal (README.md). */
export const secretResetModule: AppModule = {
  name: 'secret-reset',
  routes(app, { db, requireUser }) {
    app.get(
      '/user/secret_resets',
      { onRequest: requireUser, schema: { tags, security, response: { 200: secretResetsResponse } } },
      async (request) => ({ status: 1 as const, data: await resetsOf(db, sessionOf(request).userId) }),
    );
    app.post(
      '/user/secret_resets/dismiss',
      { onRequest: requireUser, schema: { tags, security, response: { 200: dismissSecretResetsResponse } } },
      async (request) => {
        await forgetResets(db, sessionOf(request).userId);
        return { status: 1 as const };
      },
    );
  },
};
