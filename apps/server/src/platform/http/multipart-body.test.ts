import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** update_settings takes multipart bodies: one that is not well-formed multipart answers 400, never 500. */
describe.each(await testDatabaseKinds())('multipart bodies on $label', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await registerAndLogin(server)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (contentType: string, raw: string) =>
    server.call('POST', '/api/user/update_settings', {
      token,
      raw,
      headers: { 'content-type': contentType },
    });
  const field = (boundary: string, name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const supportSettings = (boundary: string) =>
    field(boundary, 'mode', '3') +
    field(boundary, 'cs_username', 'support') +
    field(boundary, 'cs_email', 'support@example.com') +
    field(boundary, 'cs_password', 'secret-password') +
    `--${boundary}--\r\n`;

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a boundary over 70 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`],
  ])('refuses a content type with %s with 400', async (_case, contentType) => {
    const answer = await post(contentType, supportSettings('bb'));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json).toEqual({ status: 0, msg: messages.malformedMultipart });
  });

  it('refuses a file part cut short with 400', async () => {
    const cut =
      '--bb\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';
    const answer = await post('multipart/form-data; boundary=bb', cut);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json).toEqual({ status: 0, msg: messages.malformedMultipart });
  });

  it('still takes well-formed multipart, with a plain or a quoted boundary', async () => {
    for (const contentType of [
      'multipart/form-data; boundary=bb',
      'multipart/form-data; boundary="bb"; charset=utf-8',
    ]) {
      const answer = await post(contentType, supportSettings('bb'));
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.status).toBe(1);
    }
  });
});
