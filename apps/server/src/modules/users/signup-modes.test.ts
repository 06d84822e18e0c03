import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { newAccount } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { confirmEmailChange, EMAIL_CHANGE_TTL_MS } from './email-change.ts';
import { findUserByEmail } from './user-repository.ts';

describe.each(await testDatabaseKinds())('SIGNUP and the sign-up throttle on $label', (kind) => {
  let verifying: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    verifying = await startTestServer(kind, { signup: 'verify', signupsPerHour: 5 });
    closed = await startTestServer(kind, { signup: 'closed' });
  });
  afterAll(async () => {
    await verifying.close();
    await closed.close();
  });

  /** The test servers trust X-Forwarded-For: each test signs up from its own address. */
  const signUp = (server: TestServer, account: object, address: string, path = '/api/passport/register') =>
    server.call('POST', path, { body: account, headers: { 'x-forwarded-for': address } });
  const linkOf = (server: TestServer, email: string) => {
    const mails = server.mail.filter((message) => message.to === email);
    const match = /#\/user\/activate_account\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
    return match ? `/api/user/activate/${match[1]}/${match[2]}` : null;
  };

  it('under verify, a console sign-up waits for its emailed link; a new link can be asked for and the old one stops', async () => {
    expect((await verifying.call('GET', '/api/passport/signup')).json).toEqual({
      status: 1,
      data: { signup: 'verify', facebook: false },
    });
    const account = newAccount();
    const answer = await signUp(verifying, account, '10.20.0.1');
    expect(answer.json).toEqual({ status: 1, msg: messages.verificationMail });
    const credentials = { email: account.user_email, password: account.user_password };
    const pending = await verifying.call('POST', '/api/passport/login', { body: credentials });
    expect(pending.status).toBe(403);
    expect(pending.json.msg).toBe(messages.accountNotActive);

    const first = linkOf(verifying, account.user_email);
    const resend = await verifying.call('POST', '/api/user/resend_activation', {
      body: { email: account.user_email },
      headers: { 'x-forwarded-for': '10.20.0.1' },
    });
    expect(resend.json).toEqual({ status: 1, msg: messages.verificationMail });
    const second = linkOf(verifying, account.user_email);
    expect(second).not.toBe(first);
    expect((await verifying.call('GET', first ?? '')).status).toBe(404);
    expect((await verifying.call('GET', second ?? '')).json.msg).toBe(messages.accountActivated);
    expect((await verifying.call('POST', '/api/passport/login', { body: credentials })).status).toBe(200);

    // nobody learns whether an email has an account: the same answer, and no mail
    const mailsBefore = verifying.mail.length;
    const unknown = await verifying.call('POST', '/api/user/resend_activation', {
      body: { email: 'nobody-here@example.com' },
      headers: { 'x-forwarded-for': '10.20.0.2' },
    });
    expect(unknown.json).toEqual({ status: 1, msg: messages.verificationMail });
    expect(verifying.mail.length).toBe(mailsBefore);
  });

  it('under verify, a new email in the settings waits for the link mailed to it', async () => {
    const account = newAccount();
    await signUp(verifying, account, '10.21.0.1');
    await verifying.call('GET', linkOf(verifying, account.user_email) ?? '');
    const login = await verifying.call('POST', '/api/passport/login', {
      body: { email: account.user_email, password: account.user_password },
    });
    const token: string = login.json.access_token;
    const newEmail = `moved-${account.user_email}`;
    const settings = {
      mode: 2,
      user_email: newEmail.toUpperCase(),
      username: account.username,
      user_fullname: 'Moved Owner',
      mail_server_username: '',
      mail_server_password: '',
    };
    const saved = await verifying.call('POST', '/api/user/update_settings', { token, body: settings });
    expect(saved.json.msg).toBe(messages.emailChangePending);
    // the rest is saved at once; the email waits
    expect(saved.json.data).toMatchObject({ user_email: account.user_email, user_fullname: 'Moved Owner' });
    expect(saved.json.data.pending_email).toBe(newEmail);
    const me = async () => (await verifying.call('GET', '/api/user/me', { token })).json.data.user_email;
    expect(await me()).toBe(account.user_email);

    const mailed = verifying.mail.filter((message) => message.to === settings.user_email).at(-1)?.text ?? '';
    const link = /#\/user\/confirm_email\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mailed);
    expect(link).not.toBeNull();
    const [, userId = '', code = ''] = link ?? [];
    // a wrong code changes nothing; the right one does, once
    expect((await verifying.call('GET', `/api/user/confirm_email/${userId}/wrong-code`)).status).toBe(404);
    expect(await me()).toBe(account.user_email);
    const confirmed = await verifying.call('GET', `/api/user/confirm_email/${userId}/${code}`);
    expect(confirmed.json).toEqual({ status: 1, msg: messages.emailChanged });
    expect(await me()).toBe(newEmail);
    const again = await verifying.call('GET', `/api/user/confirm_email/${userId}/${code}`);
    expect(again.json).toEqual({ status: 0, msg: messages.emailChangeInvalid });
    const withNew = await verifying.call('POST', '/api/passport/login', {
      body: { email: newEmail, password: account.user_password },
    });
    expect(withNew.status).toBe(200);
  });

  it('under verify, a confirmation link stops after a day, and an address taken meanwhile is refused', async () => {
    const owner = newAccount();
    await signUp(verifying, owner, '10.22.0.1');
    await verifying.call('GET', linkOf(verifying, owner.user_email) ?? '');
    const { access_token: token } = (
      await verifying.call('POST', '/api/passport/login', {
        body: { email: owner.user_email, password: owner.user_password },
      })
    ).json;
    const change = (email: string) =>
      verifying.call('POST', '/api/user/update_settings', {
        token,
        body: {
          mode: 2,
          user_email: email,
          username: owner.username,
          user_fullname: 'Owner',
          mail_server_username: '',
          mail_server_password: '',
        },
      });
    const linkTo = (email: string) => {
      const text = verifying.mail.filter((message) => message.to === email).at(-1)?.text ?? '';
      const [, userId = '', code = ''] = /confirm_email\/(\d+)\/([A-Za-z0-9_-]+)/.exec(text) ?? [];
      return { userId: Number(userId), code };
    };
    await change('later@example.com');
    const late = linkTo('later@example.com');
    const tomorrow = Date.now() + EMAIL_CHANGE_TTL_MS + 60_000;
    await expect(
      confirmEmailChange(verifying.database.db, late.userId, late.code, tomorrow),
    ).rejects.toMatchObject({
      message: messages.emailChangeInvalid,
    });

    const wanted = `wanted-${owner.user_email}`;
    await change(wanted);
    const link = linkTo(wanted);
    // someone signs up with that address before the link is opened
    await signUp(verifying, { ...newAccount(), user_email: wanted }, '10.22.0.2');
    const refused = await verifying.call('GET', `/api/user/confirm_email/${link.userId}/${link.code}`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors.user_email).toEqual([messages.emailTaken]);
  });

  it('takes 5 sign-ups an hour from one address, then answers 429; another address goes on', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) statuses.push((await signUp(verifying, newAccount(), '10.30.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await signUp(verifying, newAccount(), '10.30.0.1', '/api/user/register/');
    expect(refused.json).toEqual({ status: 0, msg: messages.tooManySignups });
    expect((await signUp(verifying, newAccount(), '10.30.0.2')).status).toBe(200);
  });

  it('under closed, refuses every sign-up with 403 and says so', async () => {
    expect((await closed.call('GET', '/api/passport/signup')).json.data).toEqual({
      signup: 'closed',
      facebook: false,
    });
    for (const path of ['/api/passport/register', '/api/user/register/']) {
      const answer = await signUp(closed, newAccount(), '10.40.0.1', path);
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ status: 0, msg: messages.signupClosed });
    }
  });
});

describe('npm run user:add', () => {
  it('makes an active account from the shell and prints its password once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-user-add-'));
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [fileURLToPath(new URL('./user-add-cli.ts', import.meta.url)), ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
      const made = run('Owner@Example.com', 'Rania', 'Owner');
      expect(made.status, made.stderr).toBe(0);
      const password = /shown once: (\S+)/.exec(made.stdout)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      const again = run('owner@example.com');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('The email has already been taken');

      const database = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'hiwar.sqlite') });
      try {
        const user = await findUserByEmail(database.db, 'owner@example.com');
        expect(user).toMatchObject({ username: 'owner', user_fullname: 'Rania Owner', user_status: 1 });
        expect(await verifyPassword(user?.password_hash ?? '', password)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
