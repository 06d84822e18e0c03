import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, newAccount, registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** Hostile or careless input gets a 4xx JSON envelope, never a 500, and writes nothing. */
describe.each(await testDatabaseKinds())('bad input on $label', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await registerAndLogin(server)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  const postsThatWrite = [
    '/api/passport/register',
    '/api/user/register/',
    '/api/user/social_register',
    '/api/passport/login',
    '/api/user/update_settings',
  ];

  async function expectClientError(path: string, options: Parameters<TestServer['call']>[2]) {
    const answer = await server.call('POST', path, { token, ...options });
    expect(answer.status, `${path}: ${answer.text}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
    expect(answer.json?.status).toBe(0);
    expect(typeof answer.json?.msg).toBe('string');
  }

  it('answers 4xx JSON to malformed JSON, wrong types, missing fields, arrays and huge bodies', async () => {
    const usersBefore = await countRows(server, 'users');
    const tokensBefore = await countRows(server, 'access_tokens');
    const wrongTypes = Object.fromEntries(Object.keys(newAccount()).map((field) => [field, 12345]));
    for (const path of postsThatWrite) {
      await expectClientError(path, {
        raw: '{"username": ',
        headers: { 'content-type': 'application/json' },
      });
      await expectClientError(path, { body: wrongTypes });
      await expectClientError(path, { body: {} });
      await expectClientError(path, { body: [newAccount()] });
      await expectClientError(path, { body: 'just a string' });
      await expectClientError(path, { body: { ...newAccount(), padding: 'x'.repeat(2 * 1024 * 1024) } });
      await expectClientError(path, { raw: 'username=x', headers: { 'content-type': 'text/plain' } });
    }
    expect(await countRows(server, 'users')).toBe(usersBefore);
    expect(await countRows(server, 'access_tokens')).toBe(tokensBefore);
  });

  it('does not let prototype keys through the JSON parser', async () => {
    await expectClientError('/api/passport/register', {
      raw: `{"__proto__": {"admin": true}, "username": "x"}`,
      headers: { 'content-type': 'application/json' },
    });
  });

  it('treats an empty JSON body as an empty object', async () => {
    const session = await registerAndLogin(server);
    const answer = await server.call('POST', '/api/passport/logout', {
      token: session.token,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
  });
});
