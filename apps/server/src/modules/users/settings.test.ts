import { AVATAR_MAX_BYTES, messages, STORED_SECRET_MASK } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { loginAs, registerAndLogin } from '../../testing/accounts.ts';
import { imageFacts, pngOf } from '../../testing/images.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { mailAccountOf } from './profile-view.ts';
import { createPendingSocialSignin } from './social-signin-repository.ts';
import { findUserById } from './user-repository.ts';

const PNG = await pngOf(1, 1);

function basicForm(fields: Record<string, string>, avatar?: { bytes: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (avatar) form.append('avatar', new Blob([avatar.bytes], { type: avatar.type }), avatar.name);
  return form;
}

describe.each(await testDatabaseKinds())('profile settings on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('changes the password (mode 1) after checking the old one and ends the other sessions', async () => {
    const { account, token } = await registerAndLogin(server);
    const otherSession = await loginAs(server, account.user_email, account.user_password);
    const change = { mode: 1, password: 'new-password', password_confirmation: 'new-password' };

    const wrongOld = await server.call('POST', '/api/user/update_settings', {
      token,
      body: { ...change, old_password: 'not-my-password' },
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.json.errors).toEqual({ old_password: [messages.oldPasswordWrong] });

    const changed = await server.call('POST', '/api/user/update_settings', {
      token,
      body: { ...change, old_password: account.user_password },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ status: 1, msg: messages.successfullyUpdated });
    expect(changed.json.data).toMatchObject({ username: account.username, user_email: account.user_email });

    expect((await server.call('GET', '/api/is_login', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/is_login', { token: otherSession })).status).toBe(401);
    await expect(loginAs(server, account.user_email, 'new-password')).resolves.toBeTruthy();
    await expect(loginAs(server, account.user_email, account.user_password)).rejects.toThrow();
  });

  it.each([
    ['a missing old password', { old_password: undefined }, 'old_password', messages.passwordRequired],
    [
      'a short new password',
      { password: '123', password_confirmation: '123' },
      'password',
      messages.passwordMin6,
    ],
    [
      'a confirmation that differs',
      { password_confirmation: 'other' },
      'password_confirmation',
      messages.confirmationMismatch,
    ],
  ])('refuses a password change with %s', async (_name, change, field, message) => {
    const { account, token } = await registerAndLogin(server);
    const body = {
      mode: 1,
      old_password: account.user_password,
      password: 'new-password',
      password_confirmation: 'new-password',
      ...change,
    };
    const answer = await server.call('POST', '/api/user/update_settings', { token, body });
    expect(answer.status).toBe(422);
    expect(answer.json.errors[field]).toContain(message);
  });

  it('forbids a password change for an account registered through a social provider', async () => {
    const userToken = await createPendingSocialSignin(server.database.db, {
      provider: 'google',
      subject: 'google-user-1',
      email: 'g-user@example.com',
      name: 'Google User',
    });
    const registered = await server.call('POST', '/api/user/social_register', {
      body: {
        username: 'googleuser',
        user_fullname: 'Google User',
        user_email: 'g-user@example.com',
        user_password: 'long-password',
        user_password_confirmation: 'long-password',
        user_token: userToken,
      },
    });
    const answer = await server.call('POST', '/api/user/update_settings', {
      token: registered.json.access_token,
      body: {
        mode: 1,
        old_password: 'long-password',
        password: 'new-password',
        password_confirmation: 'new-password',
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.status).toBe(0);
  });

  it('saves basic settings (mode 2) as JSON and keeps the mail password encrypted at rest', async () => {
    const { token, userId } = await registerAndLogin(server);
    const answer = await server.call('POST', '/api/user/update_settings', {
      token,
      body: {
        mode: 2,
        user_email: 'renamed@example.com',
        username: 'renamed-user',
        user_fullname: 'Renamed User',
        mail_server_username: 'mailer@example.com',
        mail_server_password: 'smtp-secret',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({
      username: 'renamed-user',
      avatar: null,
      user_email: 'renamed@example.com',
      user_fullname: 'Renamed User',
      mail_server_cred: {
        mail_server_username: 'mailer@example.com',
        mail_server_password: STORED_SECRET_MASK,
      },
      user_status: 1,
      user_customer_support: expect.any(Object),
      // SIGNUP=open: the email changes at once, nothing waits
      pending_email: null,
    });
    const stored = await server.database.db
      .selectFrom('users')
      .select('mail_server_cred')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.mail_server_cred).not.toContain('smtp-secret');
  });

  it('never sends a stored secret back, and keeps it when the console saves the mask back', async () => {
    const { token, userId, account } = await registerAndLogin(server);
    const basic = {
      mode: 2,
      user_email: account.user_email,
      username: account.username,
      user_fullname: account.user_fullname,
      mail_server_username: 'mailer@example.com',
    };
    await server.call('POST', '/api/user/update_settings', {
      token,
      body: { ...basic, mail_server_password: 'smtp-secret' },
    });
    await server.call('POST', '/api/user/update_settings', {
      token,
      body: { mode: 3, cs_username: 'agent', cs_email: 'agent@example.com', cs_password: 'support-secret' },
    });
    const me = await server.call('GET', '/api/user/me', { token });
    expect(me.text).not.toContain('smtp-secret');
    expect(me.text).not.toContain('support-secret');
    expect(me.json.data.mail_server_cred.mail_server_password).toBe(STORED_SECRET_MASK);
    expect(me.json.data.user_customer_support.cs_password).toBe(STORED_SECRET_MASK);

    const again = await server.call('POST', '/api/user/update_settings', {
      token,
      body: { ...basic, user_fullname: 'Renamed', mail_server_password: STORED_SECRET_MASK },
    });
    expect(again.status).toBe(200);
    await server.call('POST', '/api/user/update_settings', {
      token,
      body: {
        mode: 3,
        cs_username: 'agent2',
        cs_email: 'agent@example.com',
        cs_password: STORED_SECRET_MASK,
      },
    });
    const row = await findUserById(server.database.db, userId);
    if (!row) throw new Error('the user is gone');
    expect(mailAccountOf(row, createSecretBox(server.config.secretKey))).toEqual({
      username: 'mailer@example.com',
      password: 'smtp-secret',
    });
    expect(row.customer_support).toContain('agent2');

    await server.call('POST', '/api/user/update_settings', {
      token,
      body: { ...basic, mail_server_password: '' },
    });
    const cleared = await findUserById(server.database.db, userId);
    expect(cleared && mailAccountOf(cleared, createSecretBox(server.config.secretKey))).toBeNull();
  });

  it('refuses basic settings that take another user’s email or username', async () => {
    const other = await registerAndLogin(server);
    const { account, token } = await registerAndLogin(server);
    const answer = await server.call('POST', '/api/user/update_settings', {
      token,
      body: {
        mode: 2,
        user_email: other.account.user_email,
        username: other.account.username,
        user_fullname: account.user_fullname,
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual({
      user_email: [messages.emailTaken],
      username: [messages.usernameTaken],
    });
  });

  it('refuses a mail server username that is not an email', async () => {
    const { account, token } = await registerAndLogin(server);
    const answer = await server.call('POST', '/api/user/update_settings', {
      token,
      body: { mode: 2, ...account, mail_server_username: 'not-an-email' },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.errors.mail_server_username).toEqual([messages.emailInvalid]);
  });

  it('uploads a PNG avatar through multipart and serves it', async () => {
    const { account, token } = await registerAndLogin(server);
    const form = basicForm(
      { mode: '2', user_email: account.user_email, username: account.username, user_fullname: 'With Avatar' },
      { bytes: PNG, type: 'image/png', name: 'me.png' },
    );
    const answer = await server.call('POST', '/api/user/update_settings', { token, raw: form });
    expect(answer.status).toBe(200);
    const avatarUrl = answer.json.data.avatar as string;
    expect(avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    expect(answer.json.data.user_fullname).toBe('With Avatar');

    const image = await fetch(`${server.url}${avatarUrl}`);
    expect(image.status).toBe(200);
    expect(await imageFacts(Buffer.from(await image.arrayBuffer()))).toMatchObject({
      format: 'png',
      width: 1,
    });
    const me = await server.call('GET', '/api/user/me', { token });
    expect(me.json.data.avatar).toBe(avatarUrl);
  });

  it('rejects a file that is not a JPEG or PNG, whatever its declared type', async () => {
    const { account, token } = await registerAndLogin(server);
    const form = basicForm(
      { mode: '2', user_email: account.user_email, username: account.username, user_fullname: 'Not Changed' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        type: 'image/png',
        name: 'fake.png',
      },
    );
    const answer = await server.call('POST', '/api/user/update_settings', { token, raw: form });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual({ avatar: [messages.fileTypeUnsupported] });
    const me = await server.call('GET', '/api/user/me', { token });
    expect(me.json.data).toMatchObject({ avatar: null, user_fullname: account.user_fullname });
  });

  it('rejects real image bytes declared as another type', async () => {
    const { account, token } = await registerAndLogin(server);
    const form = basicForm(
      {
        mode: '2',
        user_email: account.user_email,
        username: account.username,
        user_fullname: account.user_fullname,
      },
      { bytes: PNG, type: 'application/octet-stream', name: 'me.bin' },
    );
    const answer = await server.call('POST', '/api/user/update_settings', { token, raw: form });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual({ avatar: [messages.fileTypeUnsupported] });
  });

  it('replaces the previous avatar file', async () => {
    const { account, token } = await registerAndLogin(server);
    const fields = {
      mode: '2',
      user_email: account.user_email,
      username: account.username,
      user_fullname: 'Twice',
    };
    const upload = () =>
      server.call('POST', '/api/user/update_settings', {
        token,
        raw: basicForm(fields, { bytes: PNG, type: 'image/png', name: 'me.png' }),
      });
    const first = (await upload()).json.data.avatar as string;
    const second = (await upload()).json.data.avatar as string;
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}${first}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second}`)).status).toBe(200);
  });

  it('rejects an avatar over the size limit', async () => {
    const { account, token } = await registerAndLogin(server);
    const huge = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const form = basicForm(
      {
        mode: '2',
        user_email: account.user_email,
        username: account.username,
        user_fullname: account.user_fullname,
      },
      { bytes: huge, type: 'image/png', name: 'huge.png' },
    );
    const answer = await server.call('POST', '/api/user/update_settings', { token, raw: form });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual({ avatar: [messages.fileTooLarge] });
  });

  it('saves customer-support credentials (mode 3)', async () => {
    const { token } = await registerAndLogin(server);
    const answer = await server.call('POST', '/api/user/update_settings', {
      token,
      body: {
        mode: 3,
        cs_status: 1,
        cs_username: 'support-agent',
        cs_email: 'support@example.com',
        cs_password: 'support-secret',
        cs_endpoint: 'https://support.example.com',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data.user_customer_support).toEqual({
      cs_status: 1,
      cs_username: 'support-agent',
      cs_email: 'support@example.com',
      cs_password: STORED_SECRET_MASK,
      cs_info: {
        cs_endpoint: 'https://support.example.com',
        cs_timeout_minutes: 10,
        cs_webhook_path: expect.stringMatching(/^\/api\/hooks\/chatwoot\/\d+\.[\w-]{32}$/),
      },
    });
  });

  it.each([
    ['a missing support username', { cs_username: '' }, 'cs_username', messages.usernameRequired],
    ['an invalid support email', { cs_email: 'nope' }, 'cs_email', messages.emailInvalid],
    [
      'a support password under 8 characters',
      { cs_password: '1234567' },
      'cs_password',
      messages.passwordMin8,
    ],
  ])('refuses customer-support settings with %s', async (_name, change, field, message) => {
    const { token } = await registerAndLogin(server);
    const body = {
      mode: 3,
      cs_username: 'agent',
      cs_email: 'a@example.com',
      cs_password: '12345678',
      ...change,
    };
    const answer = await server.call('POST', '/api/user/update_settings', { token, body });
    expect(answer.status).toBe(422);
    expect(answer.json.errors[field]).toContain(message);
  });

  it('refuses an unknown mode and an anonymous caller', async () => {
    const { token } = await registerAndLogin(server);
    const unknownMode = await server.call('POST', '/api/user/update_settings', { token, body: { mode: 7 } });
    expect(unknownMode.status).toBe(422);
    const anonymous = await server.call('POST', '/api/user/update_settings', { body: { mode: 3 } });
    expect(anonymous.status).toBe(401);
  });
});
