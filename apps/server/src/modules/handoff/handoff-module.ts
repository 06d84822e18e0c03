import { departmentListResponse, ok } from '@hiwar/contracts';
import { z } from 'zod';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { setHandoffServices } from './chatwoot-relay.ts';
import { departmentsOf } from './chatwoot-teams.ts';
import { receiveChatwootWebhook } from './chatwoot-webhook-service.ts';
import { startHandoffSweeper } from './handoff-service.ts';

export interface HandoffModuleOptions {
  /** how often expired hand-overs are given back to the bot (default 15 s) */
  sweepMs?: number;
}

/**
 * The hand-over to a person (README.md here): this process's timeout sweeper, the Chatwoot
 * relay's services, the Chatwoot webhook and the owner's departments (a Chatwoot inbox's teams). The console's calls (the hand-over, reply, release) are the inbox
 * module's, beside the transcript they act on. Owns `handoffs`.
 */
export function createHandoffModule(options: HandoffModuleOptions = {}): AppModule {
  return {
    name: 'handoff',
    routes(app, { db, secrets, outbound, requireUser }) {
      setHandoffServices(db, { http: outbound.http, secrets, log: app.log });
      const sweeper = startHandoffSweeper(db, { everyMs: options.sweepMs ?? 15_000, log: app.log });
      app.addHook('onClose', async () => {
        await sweeper.stop();
        setHandoffServices(db, null);
      });
      // the owner's departments: when the owner's cs_endpoint is a Chatwoot inbox, its teams (chatwoot-teams.ts)
      app.get(
        '/user/get_cs_departments',
        {
          onRequest: requireUser,
          schema: {
            tags: ['account'],
            security: [{ bearer: [] }],
            response: { 200: departmentListResponse },
          },
        },
        async (request) => ({
          status: 1 as const,
          data: await departmentsOf(db, sessionOf(request).userId, request.log),
        }),
      );
      app.post(
        '/hooks/chatwoot/:key',
        {
          schema: {
            tags: ['hooks'],
            description:
              "The owner's Chatwoot inbox webhook (settings card 2 shows its address): an agent's reply reaches the sender, a resolved conversation goes back to the bot.",
            params: z.object({ key: z.string().min(1).max(200) }),
            body: z.record(z.string(), z.unknown()),
            response: { 200: ok },
          },
        },
        async (request) => ({
          status: 1 as const,
          msg: await receiveChatwootWebhook(db, request.params.key, request.body),
        }),
      );
    },
  };
}

export const handoffModule = createHandoffModule();
