import type { AppModule } from '../../../platform/http/module.ts';
import { createActionDispatcher, setActionDispatcher } from './action-dispatcher.ts';
import { actionPerformer } from './perform-action.ts';

export interface TurnActionsModuleOptions {
  /** how often the queue is looked at when no turn woke it (tests shorten it) */
  pollMs?: number;
}

/**
 * Sends the mail and api actions of stored turns (runtime/actions, README.md): one dispatcher per server
 * process, woken by each turn that queued actions, polling for retries and for other processes' turns.
 */
export function createTurnActionsModule(options: TurnActionsModuleOptions = {}): AppModule {
  return {
    name: 'turn-actions',
    routes(app, { db, config, secrets, outbound }) {
      const dispatcher = createActionDispatcher({
        db,
        log: app.log,
        perform: actionPerformer({
          db,
          secrets,
          smtpUrl: config.smtpUrl,
          mailFrom: config.mailFrom,
          guard: outbound.guard,
          http: outbound.http,
          log: app.log,
        }),
        ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
      });
      setActionDispatcher(db, dispatcher);
      dispatcher.start();
      app.addHook('onClose', async () => {
        await dispatcher.stop();
        setActionDispatcher(db, null);
      });
    },
  };
}

export const turnActionsModule = createTurnActionsModule();
