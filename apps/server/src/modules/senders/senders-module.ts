import { ok, validateSenderRequest } from '@hiwar/contracts';
import type { AppModule } from '../../platform/http/module.ts';

/** End users of the owners' bots. Owns `senders`. */
export const sendersModule: AppModule = {
  name: 'senders',
  routes(app) {
    // public: the web messenger checks the random sender id it keeps in a cookie
    app.post(
      '/validate-sender',
      { schema: { tags: ['senders'], body: validateSenderRequest, response: { 200: ok } } },
      async () => ({ status: 1 as const }),
    );
  },
};
