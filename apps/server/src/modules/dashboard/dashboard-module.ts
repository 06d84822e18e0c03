import { ok, userStats } from '@hiwar/contracts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { countCommands } from '../commands/command-repository.ts';
import { countSenders } from '../senders/sender-repository.ts';
import { countServices } from '../services/service-repository.ts';
import { readFirstSteps } from './first-steps-repository.ts';

/** The dashboard cards: how many senders, services and commands the signed-in owner has, and its first steps. */
export const dashboardModule: AppModule = {
  name: 'dashboard',
  routes(app, { db, requireUser }) {
    app.get(
      '/user/stats',
      {
        onRequest: requireUser,
        schema: {
          tags: ['dashboard'],
          security: [{ bearer: [] }],
          response: { 200: ok.extend(userStats.shape) },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const [senders, services, commands, firstSteps] = await Promise.all([
          countSenders(db, userId),
          countServices(db, userId),
          countCommands(db, userId),
          readFirstSteps(db, userId),
        ]);
        return { status: 1 as const, senders, services, commands, first_steps: firstSteps };
      },
    );
  },
};
