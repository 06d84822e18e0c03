import type { Database } from '../../../platform/db/database.ts';
import type { AppModule } from '../../../platform/http/module.ts';
import { createOutboundGuard } from '../../../platform/net/outbound-guard.ts';
import { createOutboundHttp, type OutboundHttp } from '../../../platform/net/outbound-http.ts';
import type { ResponseTimeouts } from './response-executor.ts';

/** What executors get from the process rather than from the turn (README "Responses"). */
export interface ResponseServices {
  http?: OutboundHttp;
  timeouts?: ResponseTimeouts;
}

const services = new WeakMap<Database, ResponseServices>();

/** Adds to (or, with null, forgets) a database's response services in this process. */
export function setResponseServices(db: Database, changes: ResponseServices | null): void {
  if (changes) services.set(db, { ...services.get(db), ...changes });
  else services.delete(db);
}

/** The services every response context of this database's turns carries — the widget's and `/debug`'s alike. */
export function responseServicesOf(db: Database): ResponseServices {
  return services.get(db) ?? {};
}

/** Gives this process's executors one outbound HTTP client, through the guard of `OUTBOUND_ALLOW`. */
export const responseServicesModule: AppModule = {
  name: 'response-services',
  routes(app, { db, config }) {
    setResponseServices(db, { http: createOutboundHttp(createOutboundGuard(config.outboundAllow)) });
    app.addHook('onClose', async () => setResponseServices(db, null));
  },
};
