import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The rate the fake exchange-rate API answers; an answer that shows it came through the api response. */
export const FAKE_RATE = '48.7311';

export interface FakeApi {
  /** the URL the bot's api response GETs */
  ratesUrl: string;
  /** how many rate requests it has answered: one per "exchange rate" turn when nothing is cached */
  served(): number;
  stop(): Promise<void>;
}

/**
 * A JSON API on 127.0.0.1 (the server process is started with OUTBOUND_ALLOW=127.0.0.1 so it may call it):
 * GET /rates?base=USD answers `{"quote": {"pair": "USD/EGP", "rate": "48.7311", "quote_id": n}}`, anything
 * else 404. It runs in the bench process, apart from the load process.
 */
export async function startFakeApi(): Promise<FakeApi> {
  let served = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('content-type', 'application/json');
    if (request.method !== 'GET' || url.pathname !== '/rates') {
      response.statusCode = 404;
      response.end('{"error":"not found"}');
      return;
    }
    served += 1;
    const base = url.searchParams.get('base') ?? 'USD';
    response.end(JSON.stringify({ quote: { pair: `${base}/EGP`, rate: FAKE_RATE, quote_id: served } }));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ratesUrl: `http://127.0.0.1:${port}/rates?base=USD`,
    served: () => served,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
