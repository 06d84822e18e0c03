import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../modules/index.ts';
import { ADDRESS_FAILURE_LIMIT } from '../../modules/passport/login-throttle.ts';
import { createWidgetApiModule } from '../../modules/widget-api/widget-api-module.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { TrustProxy } from '../config.ts';

const WIDGET_ADDRESS_LIMIT = 20;

/**
 * The test client connects from 127.0.0.1, standing in for the reverse proxy. A proxy appends the address it saw
 * to X-Forwarded-For; everything left of that is whatever the client sent, so rotating it must not give the
 * client a new address.
 */
const settings: { label: string; trustProxy: TrustProxy; forwardedFor: (fake: string) => string }[] = [
  { label: 'one hop', trustProxy: 1, forwardedFor: (fake) => `${fake}, 203.0.113.7` },
  {
    label: 'a CIDR list (two proxies)',
    trustProxy: ['127.0.0.0/8', '10.0.0.0/8'],
    forwardedFor: (fake) => `${fake}, 203.0.113.7, 10.1.2.3`,
  },
];

describe.each(await testDatabaseKinds())('the client address behind a proxy on $label', (kind) => {
  describe.each(settings)('with TRUST_PROXY as $label', ({ trustProxy, forwardedFor }) => {
    let server: TestServer;
    beforeAll(async () => {
      const widget = createWidgetApiModule({ addressLimit: WIDGET_ADDRESS_LIMIT });
      const withSmallWidgetLimit = modules.map((module) => (module.name === widget.name ? widget : module));
      server = await startTestServer(kind, { trustProxy }, withSmallWidgetLimit);
    });
    afterAll(async () => {
      await server.close();
    });

    it('limits the widget API by the address the proxy saw, whatever the client put left of it', async () => {
      const owner = await registerAndLogin(server);
      const bot = (await server.call('GET', '/api/chatbot/browse', { token: owner.token })).json.user_token;
      const statuses: number[] = [];
      for (let call = 1; call <= WIDGET_ADDRESS_LIMIT + 5; call += 1) {
        const answer = await server.call('GET', `/widget/api/${bot}/settings`, {
          headers: { 'x-forwarded-for': forwardedFor(`198.51.100.${call}`) },
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, WIDGET_ADDRESS_LIMIT).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(WIDGET_ADDRESS_LIMIT)).toEqual([429, 429, 429, 429, 429]);
    });

    it('throttles wrong logins with rotating spoofed entries after the per-address limit', async () => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= ADDRESS_FAILURE_LIMIT + 5; attempt += 1) {
        const answer = await server.call('POST', '/api/passport/login', {
          body: { email: `guess${attempt}@example.com`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': forwardedFor(`198.51.100.${attempt}`) },
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, ADDRESS_FAILURE_LIMIT).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(ADDRESS_FAILURE_LIMIT)).toEqual([429, 429, 429, 429, 429]);
      // another client behind the same proxy is not affected
      const other = await server.call('POST', '/api/passport/login', {
        body: { email: 'guess1@example.com', password: 'wrong-password' },
        headers: { 'x-forwarded-for': forwardedFor('198.51.100.1').replace('203.0.113.7', '203.0.113.8') },
      });
      expect(other.status).toBe(401);
    });
  });
});
