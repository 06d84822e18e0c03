import type { Database } from '../../../platform/db/database.ts';
import type { AppModule } from '../../../platform/http/module.ts';
import type { OutboundHttp } from '../../../platform/net/outbound-http.ts';
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

/** Gives this process's executors its outbound HTTP client (the guard of `OUTBOUND_ALLOW`). */
export const responseServicesModule: AppModule = {
  name: 'response-services',
  routes(app, { db, outbound }) {
    setResponseServices(db, { http: outbound.http });
    app.addHook('onClose', async () => setResponseServices(db, null));
  },
};
