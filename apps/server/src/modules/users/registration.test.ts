import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, newAccount, registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createPendingSocialSignin } from './social-signin-repository.ts';

describe.each(await testDatabaseKinds())(
  'registration with activation and social sign-in on $label',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server.close();
    });

    function activationPathOf(mailText: string): string {
      const match = /#\/user\/activate_account\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mailText);
      if (!match) throw new Error(`no activation link in: ${mailText}`);
      return `/api/user/activate/${match[1]}/${match[2]}`;
    }

    it('creates a pending account, mails the link, and activates it once', async () => {
      const account = newAccount();
      const answer = await server.call('POST', '/api/user/register/', { body: account });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status: 1, msg: messages.verificationMail });
      const mail = server.mail.find((message) => message.to === account.user_email);
      expect(mail?.text).toContain('/#/user/activate_account/');

      const credentials = { email: account.user_email, password: account.user_password };
      const pending = await server.call('POST', '/api/passport/login', { body: credentials });
      expect(pending.status).toBe(403);
      expect(pending.json).toEqual({ status: 0, msg: messages.accountNotActive });

      const activationPath = activationPathOf(mail?.text ?? '');
      const activated = await server.call('GET', activationPath);
      expect(activated.json).toEqual({ status: 1, msg: messages.accountActivated });
      expect((await server.call('POST', '/api/passport/login', { body: credentials })).status).toBe(200);

      const again = await server.call('GET', activationPath);
      expect(again.status).toBe(404);
      expect(again.json).toEqual({ status: 0, msg: messages.activationInvalid });
    });

    it('undoes a pending registration whose activation mail cannot be sent', async () => {
      const failing = await startTestServer(kind);
      try {
        failing.mail.push = () => {
          throw new Error('mail server down');
        };
        const account = newAccount();
        const answer = await failing.call('POST', '/api/user/register/', { body: account });
        expect(answer.status).toBe(500);
        expect(answer.json).toEqual({ status: 0, msg: messages.serverError });
        expect(await countRows(failing, 'users')).toBe(0);
      } finally {
        await failing.close();
      }
    });

    it('refuses a wrong activation code and a malformed user id', async () => {
      const account = newAccount();
      await server.call('POST', '/api/user/register/', { body: account });
      const mail = server.mail.find((message) => message.to === account.user_email);
      const userId = /activate_account\/(\d+)\//.exec(mail?.text ?? '')?.[1];
      const wrong = await server.call('GET', `/api/user/activate/${userId}/not-the-code`);
      expect(wrong.status).toBe(404);
      expect(wrong.json.msg).toBe(messages.activationInvalid);
      expect((await server.call('GET', '/api/user/activate/abc/code')).status).toBe(422);
    });

    it('checks email and username uniqueness for pending registrations too', async () => {
      const { account } = await registerAndLogin(server);
      const answer = await server.call('POST', '/api/user/register/', {
        body: newAccount({ user_email: account.user_email }),
      });
      expect(answer.status).toBe(422);
      expect(answer.json.errors).toEqual({ user_email: [messages.emailTaken] });
    });

    it('completes a pending social sign-in with that provider as the driver and signs the user in', async () => {
      const userToken = await createPendingSocialSignin(server.database.db, {
        provider: 'facebook',
        subject: '10001',
        email: 'social@example.com',
        name: 'Social Person',
      });
      const fields = newAccount({ user_email: 'social@example.com', user_fullname: 'Social Person' });
      const answer = await server.call('POST', '/api/user/social_register', {
        body: { ...fields, user_token: userToken },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        status: 1,
        msg: expect.any(String),
        access_token: expect.any(String),
      });
      const me = await server.call('GET', '/api/user/me', { token: answer.json.access_token });
      expect(me.json.data).toMatchObject({ user_reg_driver: 'facebook', user_email: 'social@example.com' });

      const reused = await server.call('POST', '/api/user/social_register', {
        body: { ...newAccount(), user_token: userToken },
      });
      expect(reused.json).toEqual({ status: 0, msg: messages.errorAccessToken });
    });

    it('answers Error Access Token for an unknown or expired token and creates nothing', async () => {
      const usersBefore = await countRows(server, 'users');
      const unknown = await server.call('POST', '/api/user/social_register', {
        body: { ...newAccount(), user_token: 'no-such-token' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ status: 0, msg: messages.errorAccessToken });

      const expiredToken = await createPendingSocialSignin(
        server.database.db,
        { provider: 'google', subject: 'late-1', email: 'late@example.com', name: 'Late Person' },
        { ttlMs: -1000 },
      );
      const expired = await server.call('POST', '/api/user/social_register', {
        body: { ...newAccount(), user_token: expiredToken },
      });
      expect(expired.json).toEqual({ status: 0, msg: messages.errorAccessToken });
      expect(await countRows(server, 'users')).toBe(usersBefore);
    });

    it('keeps the pending sign-in when the social form has a taken username or another email', async () => {
      const { account } = await registerAndLogin(server);
      const userToken = await createPendingSocialSignin(server.database.db, {
        provider: 'google',
        subject: 'google-2',
        email: 'someone-else@example.com',
        name: 'Someone Else',
      });
      const fields = newAccount({ user_email: 'someone-else@example.com' });
      const taken = await server.call('POST', '/api/user/social_register', {
        body: { ...fields, username: account.username, user_token: userToken },
      });
      expect(taken.status).toBe(422);
      expect(taken.json.errors).toEqual({ username: [messages.usernameTaken] });
      // the provider proved its address: another one would be an address nobody proved
      const otherEmail = await server.call('POST', '/api/user/social_register', {
        body: { ...fields, user_email: 'typed@example.com', user_token: userToken },
      });
      expect(otherEmail.status).toBe(422);
      expect(otherEmail.json.errors).toEqual({ user_email: [messages.socialEmailMismatch] });
      const retry = await server.call('POST', '/api/user/social_register', {
        body: { ...fields, user_email: 'Someone-Else@Example.com', user_token: userToken },
      });
      expect(retry.status).toBe(200);
    });

    it.each([
      ['a username under 8 characters', { username: 'short' }, 'username', messages.usernameMin8],
      ['a name under 8 characters', { user_fullname: 'Shorty' }, 'user_fullname', messages.nameMin8],
      [
        'a password under 8 characters',
        { user_password: '1234567', user_password_confirmation: '1234567' },
        'user_password',
        messages.passwordMin8,
      ],
    ])('refuses a social registration with %s', async (_name, change, field, message) => {
      const answer = await server.call('POST', '/api/user/social_register', {
        body: { ...newAccount(), ...change, user_token: 'any-token' },
      });
      expect(answer.status).toBe(422);
      expect(answer.json.errors[field]).toContain(message);
    });
  },
);
