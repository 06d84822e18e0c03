import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('Cache-Control on /api answers on $label', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ token } = await registerAndLogin(server));
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['GET', '/api/user/me'],
    ['GET', '/api/is_login'],
    ['GET', '/api/chatbot/browse'],
    ['GET', '/api/service/get_list'],
  ])('marks the signed-in answer of %s %s no-store', async (method, path) => {
    const answer = await server.call(method, path, { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('marks the sign-in answer, which carries the token, no-store', async () => {
    const account = { email: 'nobody@example.com', password: 'wrong-password' };
    const refused = await server.call('POST', '/api/passport/login', { body: account });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const { account: owner } = await registerAndLogin(server);
    const signedIn = await server.call('POST', '/api/passport/login', {
      body: { email: owner.user_email, password: owner.user_password },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });

  it('marks refusals and unknown /api paths no-store too', async () => {
    expect((await server.call('GET', '/api/user/me')).headers.get('cache-control')).toBe('no-store');
    const invalid = await server.call('POST', '/api/service/save', { token, body: { service_name: 5 } });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('cache-control')).toBe('no-store');
    expect((await server.call('GET', '/api/no-such-call', { token })).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});
