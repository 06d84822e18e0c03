import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { modules } from '../index.ts';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, reserveLoginAttempt } from './login-throttle.ts';
import { createPassportModule } from './passport-module.ts';

describe.each(await testDatabaseKinds())('login throttling on $label', (kind) => {
  let server: TestServer;
  /** how many times the server checked a password */
  let passwordChecks = 0;
  beforeAll(async () => {
    const countingPassport = createPassportModule({
      verifyPassword: (storedHash, password) => {
        passwordChecks += 1;
        return verifyPassword(storedHash, password);
      },
    });
    const withCountingPassport = modules.map((module) =>
      module.name === 'passport' ? countingPassport : module,
    );
    server = await startTestServer(kind, {}, withCountingPassport);
  });
  afterAll(async () => {
    await server.close();
  });

  /** The test server trusts X-Forwarded-For, so each test can act from its own client address. */
  function attempt(email: string, password: string, address: string) {
    return server.call('POST', '/api/passport/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });
  }

  it('answers 429 after 10 failures for one email, even with the right password', async () => {
    const { account } = await registerAndLogin(server);
    for (let failure = 1; failure <= LOGIN_FAILURE_LIMIT; failure += 1) {
      const answer = await attempt(account.user_email, 'wrong-password', `10.0.1.${failure}`);
      expect(answer.status).toBe(401);
    }
    const blocked = await attempt(account.user_email, account.user_password, '10.0.1.99');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ status: 0, msg: messages.tooManyAttempts });
  });

  it('answers 429 after 10 failures from one client address, whatever the email', async () => {
    const { account } = await registerAndLogin(server);
    for (let failure = 1; failure <= LOGIN_FAILURE_LIMIT; failure += 1) {
      await attempt(`stranger${failure}@example.com`, 'wrong-password', '10.0.2.1');
    }
    expect((await attempt(account.user_email, account.user_password, '10.0.2.1')).status).toBe(429);
    expect((await attempt(account.user_email, account.user_password, '10.0.2.2')).status).toBe(200);
  });

  it('lets nine failures pass and forgives them after a successful sign-in', async () => {
    const { account } = await registerAndLogin(server);
    for (let failure = 1; failure < LOGIN_FAILURE_LIMIT; failure += 1) {
      await attempt(account.user_email, 'wrong-password', `10.0.3.${failure}`);
    }
    expect((await attempt(account.user_email, account.user_password, '10.0.3.50')).status).toBe(200);
    expect((await attempt(account.user_email, 'wrong-password', '10.0.3.51')).status).toBe(401);
    expect((await attempt(account.user_email, account.user_password, '10.0.3.52')).status).toBe(200);
  });

  it('lifts the limit once the 15-minute window has passed', async () => {
    const email = 'window@example.com';
    for (let failure = 1; failure <= LOGIN_FAILURE_LIMIT; failure += 1) {
      await attempt(email, 'wrong-password', `10.0.4.${failure}`);
    }
    const { db, dialect } = server.database;
    const throttled = { email, address: '10.0.4.99' };
    expect(await reserveLoginAttempt(db, dialect, throttled)).toBeNull();
    const later = new Date(Date.now() + LOGIN_FAILURE_WINDOW_MS + 1000);
    expect(await reserveLoginAttempt(db, dialect, throttled, later)).toEqual(expect.any(Number));
  });

  it('lets at most 10 of 100 concurrent wrong logins reach the password check', async () => {
    const { account } = await registerAndLogin(server);
    passwordChecks = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => attempt(account.user_email, 'wrong-password', '10.0.5.1')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(passwordChecks).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 401)).toHaveLength(passwordChecks);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - passwordChecks);
    // the right password, from another address, is refused unchecked while the email is throttled
    const blocked = await attempt(account.user_email, account.user_password, '10.0.5.2');
    expect(blocked.status).toBe(429);
    expect(passwordChecks).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
  });

  it('does not count a correct password against the client address', async () => {
    const { account } = await registerAndLogin(server);
    for (let signIn = 1; signIn <= LOGIN_FAILURE_LIMIT + 2; signIn += 1) {
      expect((await attempt(account.user_email, account.user_password, '10.0.6.1')).status).toBe(200);
    }
    expect((await attempt('someone@example.com', 'wrong-password', '10.0.6.1')).status).toBe(401);
  });
});
