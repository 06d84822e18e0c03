import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { modules } from '../index.ts';
import {
  ADDRESS_FAILURE_LIMIT,
  EMAIL_FAILURE_CEILING,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  reserveLoginAttempt,
  SLOWED_ATTEMPT_DELAY_MS,
} from './login-throttle.ts';
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

  it('answers 429 after 10 failures for one email from one address, even with the right password; the owner elsewhere signs in', async () => {
    const { account } = await registerAndLogin(server);
    for (let failure = 1; failure <= LOGIN_FAILURE_LIMIT; failure += 1) {
      const answer = await attempt(account.user_email, 'wrong-password', '10.0.1.1');
      expect(answer.status).toBe(401);
    }
    const blocked = await attempt(account.user_email, account.user_password, '10.0.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ status: 0, msg: messages.tooManyAttempts });
    expect((await attempt(account.user_email, account.user_password, '10.0.1.2')).status).toBe(200);
  });

  it('answers 429 after 30 failures from one client address, whatever the emails', async () => {
    const { account } = await registerAndLogin(server);
    for (let failure = 1; failure <= ADDRESS_FAILURE_LIMIT; failure += 1) {
      expect((await attempt(`stranger${failure}@example.com`, 'wrong-password', '10.0.2.1')).status).toBe(
        401,
      );
    }
    expect((await attempt(account.user_email, account.user_password, '10.0.2.1')).status).toBe(429);
    expect((await attempt(account.user_email, account.user_password, '10.0.2.2')).status).toBe(200);
  });

  it('cannot be locked out by strangers: past 30 failures from many addresses the email is slowed, one guess an address, and the owner signs in', async () => {
    const { account } = await registerAndLogin(server);
    const attacks = Array.from({ length: EMAIL_FAILURE_CEILING + 5 }, (_, n) =>
      attempt(account.user_email, 'wrong-password', `10.7.${Math.floor(n / 200)}.${n % 200}`),
    );
    const statuses = (await Promise.all(attacks)).map((answer) => answer.status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    // an address that already guessed gets no second guess while the email is under attack
    expect((await attempt(account.user_email, 'another-guess', '10.7.0.1')).status).toBe(429);
    // the owner, from an address that has not failed: let in, after the pause
    const started = Date.now();
    const owner = await attempt(account.user_email, account.user_password, '10.8.0.1');
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWED_ATTEMPT_DELAY_MS - 50);
  });

  it('lets nine failures pass and forgives them after a successful sign-in from that address', async () => {
    const { account } = await registerAndLogin(server);
    for (let failure = 1; failure < LOGIN_FAILURE_LIMIT; failure += 1) {
      await attempt(account.user_email, 'wrong-password', '10.0.3.1');
    }
    expect((await attempt(account.user_email, account.user_password, '10.0.3.1')).status).toBe(200);
    for (let failure = 1; failure < LOGIN_FAILURE_LIMIT; failure += 1) {
      expect((await attempt(account.user_email, 'wrong-password', '10.0.3.1')).status).toBe(401);
    }
    expect((await attempt(account.user_email, account.user_password, '10.0.3.1')).status).toBe(200);
  });

  it('lifts the limit once the 15-minute window has passed', async () => {
    const email = 'window@example.com';
    for (let failure = 1; failure <= LOGIN_FAILURE_LIMIT; failure += 1) {
      await attempt(email, 'wrong-password', '10.0.4.1');
    }
    const { db, dialect } = server.database;
    const throttled = { email, address: '10.0.4.1' };
    expect(await reserveLoginAttempt(db, dialect, throttled)).toBeNull();
    const later = new Date(Date.now() + LOGIN_FAILURE_WINDOW_MS + 1000);
    expect(await reserveLoginAttempt(db, dialect, throttled, later)).toEqual({
      id: expect.any(Number),
      delayMs: 0,
    });
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
    // the right password from that address is refused unchecked; from another address it is let in
    const blocked = await attempt(account.user_email, account.user_password, '10.0.5.1');
    expect(blocked.status).toBe(429);
    expect(passwordChecks).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect((await attempt(account.user_email, account.user_password, '10.0.5.2')).status).toBe(200);
  });

  it('does not count a correct password against the client address', async () => {
    const { account } = await registerAndLogin(server);
    for (let signIn = 1; signIn <= LOGIN_FAILURE_LIMIT + 2; signIn += 1) {
      expect((await attempt(account.user_email, account.user_password, '10.0.6.1')).status).toBe(200);
    }
    expect((await attempt('someone@example.com', 'wrong-password', '10.0.6.1')).status).toBe(401);
  });
});
