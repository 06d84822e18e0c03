import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, loginAs, newAccount, registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('passport on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('registers, signs in, shows the profile and zero stats, then signs out for good', async () => {
    const account = newAccount();
    const registered = await server.call('POST', '/api/passport/register', { body: account });
    expect(registered.status).toBe(200);
    expect(registered.json).toMatchObject({ status: 1, msg: expect.any(String) });

    const login = await server.call('POST', '/api/passport/login', {
      body: { email: account.user_email, password: account.user_password },
    });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ status: 1, token_type: 'Bearer', expires_in: 30 * 24 * 3600 });
    const token = login.json.access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await server.call('GET', '/api/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({
      is_login: true,
      username: account.username,
      user_email: account.user_email,
      user_fullname: account.user_fullname,
      user_reg_driver: 'web',
      user_status: 1,
      engine_type: 'bert',
      avatar: null,
    });

    const stats = await server.call('GET', '/api/user/stats', { token });
    expect(stats.json).toEqual({
      status: 1,
      senders: 0,
      services: 0,
      commands: 0,
      first_steps: { command_with_examples: null, has_response: false },
    });
    expect((await server.call('GET', '/api/is_login', { token })).json).toEqual({ status: 1 });

    const logout = await server.call('POST', '/api/passport/logout', { token });
    expect(logout.json).toEqual({ status: 1 });
    for (const path of ['/api/is_login', '/api/user/me', '/api/user/stats']) {
      const after = await server.call('GET', path, { token });
      expect(after.status).toBe(401);
      expect(after.json).toEqual({ status: 0, msg: messages.unauthenticated });
    }
  });

  it('stores only a hash of the access token', async () => {
    const { token } = await registerAndLogin(server);
    const stored = await server.database.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers field errors for a taken email and a taken username', async () => {
    const first = newAccount();
    await server.call('POST', '/api/passport/register', { body: first });
    const usersBefore = await countRows(server, 'users');
    const again = await server.call('POST', '/api/passport/register', {
      body: newAccount({ user_email: first.user_email.toUpperCase(), username: first.username }),
    });
    expect(again.status).toBe(422);
    expect(again.json).toEqual({
      status: 0,
      msg: messages.givenDataInvalid,
      errors: { user_email: [messages.emailTaken], username: [messages.usernameTaken] },
    });
    expect(await countRows(server, 'users')).toBe(usersBefore);
  });

  it.each([
    ['a missing username', { username: undefined }, 'username', messages.usernameRequired],
    ['an empty name', { user_fullname: '  ' }, 'user_fullname', messages.nameRequired],
    ['a missing email', { user_email: undefined }, 'user_email', messages.emailRequired],
    ['an invalid email', { user_email: 'not-an-email' }, 'user_email', messages.emailInvalid],
    ['a missing password', { user_password: undefined }, 'user_password', messages.passwordRequired],
    [
      'a short password',
      { user_password: '12345', user_password_confirmation: '12345' },
      'user_password',
      messages.passwordMin6,
    ],
    [
      'a missing confirmation',
      { user_password_confirmation: undefined },
      'user_password_confirmation',
      messages.confirmationRequired,
    ],
    [
      'a confirmation that differs',
      { user_password_confirmation: 'other-password' },
      'user_password_confirmation',
      messages.confirmationMismatch,
    ],
  ])('refuses a registration with %s', async (_name, change, field, message) => {
    const usersBefore = await countRows(server, 'users');
    const answer = await server.call('POST', '/api/passport/register', {
      body: { ...newAccount(), ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.status).toBe(0);
    expect(answer.json.errors[field]).toContain(message);
    expect(await countRows(server, 'users')).toBe(usersBefore);
  });

  it.each([
    ['a missing email', { password: 'x' }, 'email', messages.emailRequired],
    ['an invalid email', { email: 'nope', password: 'x' }, 'email', messages.emailInvalid],
    ['a missing password', { email: 'a@example.com' }, 'password', messages.passwordRequired],
    ['an empty password', { email: 'a@example.com', password: '' }, 'password', messages.passwordRequired],
  ])('refuses a login with %s', async (_name, body, field, message) => {
    const answer = await server.call('POST', '/api/passport/login', { body });
    expect(answer.status).toBe(422);
    expect(answer.json.errors[field]).toEqual([message]);
  });

  it('answers the spec message for a wrong password and for an unknown email', async () => {
    const { account } = await registerAndLogin(server);
    const wrong = await server.call('POST', '/api/passport/login', {
      body: { email: account.user_email, password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ status: 0, msg: messages.invalidCredentials });
    const unknown = await server.call('POST', '/api/passport/login', {
      body: { email: 'nobody@example.com', password: 'whatever' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ status: 0, msg: messages.invalidCredentials });
  });

  it('signs in with the email in any letter case', async () => {
    const { account } = await registerAndLogin(server);
    const token = await loginAs(server, account.user_email.toUpperCase(), account.user_password);
    expect(token).toBeTruthy();
  });

  it('refuses an expired token', async () => {
    const { token, userId } = await registerAndLogin(server);
    await server.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expect((await server.call('GET', '/api/is_login', { token })).status).toBe(401);
  });

  it('refuses missing, malformed and unknown bearer tokens', async () => {
    expect((await server.call('GET', '/api/is_login')).status).toBe(401);
    const malformed = await server.call('GET', '/api/is_login', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
    expect((await server.call('GET', '/api/is_login', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('keeps other sessions when one signs out', async () => {
    const { account, token } = await registerAndLogin(server);
    const second = await loginAs(server, account.user_email, account.user_password);
    await server.call('POST', '/api/passport/logout', { token: second });
    expect((await server.call('GET', '/api/is_login', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/is_login', { token: second })).status).toBe(401);
  });
});
