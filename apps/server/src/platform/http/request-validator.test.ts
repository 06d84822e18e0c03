import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, type OwnerWorld, registerOwner, seedOwnerWorld } from '../../testing/owner-world.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** Text no database can store is refused once, where every request is parsed, with the field named. */
describe.each(await testDatabaseKinds())('request validation on $label', (kind) => {
  let server: TestServer;
  let owner: OwnerWorld;
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await seedOwnerWorld(server, await registerOwner(server, 'validator'));
  });
  afterAll(async () => {
    await server.close();
  });

  const unstorable = ['NUL \u0000 inside', 'lone high \ud800 surrogate', 'lone low \udfff surrogate'];

  async function servicesCount(who: Owner): Promise<number> {
    const answer = await server.call('GET', '/api/service?page=1', { token: who.token });
    return answer.json.data.total;
  }

  function expectFieldRefused(
    answer: Awaited<ReturnType<TestServer['call']>>,
    field: string,
    message: string,
  ) {
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json).toEqual({
      status: 0,
      msg: messages.givenDataInvalid,
      errors: { [field]: [message] },
    });
  }

  it('refuses NUL and lone surrogates in body fields with 422, naming the field, and writes nothing', async () => {
    const before = await servicesCount(owner);
    for (const text of unstorable) {
      const answer = await server.call('POST', '/api/service/save', {
        token: owner.token,
        body: { service_name: text },
      });
      expectFieldRefused(answer, 'service_name', messages.textCharacterInvalid);
    }
    expect(await servicesCount(owner)).toBe(before);
  });

  it('names nested fields and keys by their path', async () => {
    const nested = await server.call('POST', `/api/command_response/save/${owner.commandId}`, {
      token: owner.token,
      body: { record: { resp_type: 'text', resp_text: 'fine', resp_quick_reply: [{ label: 'x\u0000' }] } },
    });
    expectFieldRefused(nested, 'record.resp_quick_reply.0.label', messages.textCharacterInvalid);
    const key = await server.call('POST', '/api/service/save', {
      token: owner.token,
      body: { service_name: 'fine', 'bad\u0000key': 1 },
    });
    expectFieldRefused(key, 'bad\ufffdkey', messages.textCharacterInvalid);
  });

  it('refuses them in query strings and path parameters, also on the public widget API', async () => {
    const search = await server.call('GET', '/api/service?page=1&search=%00', { token: owner.token });
    expectFieldRefused(search, 'search', messages.textCharacterInvalid);
    // a URL carries UTF-8, which has no lone surrogates: only NUL reaches a query string or a path
    const debug = await server.call('GET', '/api/debug?message=hi%00there', { token: owner.token });
    expectFieldRefused(debug, 'message', messages.textCharacterInvalid);
    for (const path of ['settings', 'history?sender_id=1']) {
      expectFieldRefused(
        await server.call('GET', `/widget/api/%00/${path}`),
        'bot',
        messages.textCharacterInvalid,
      );
    }
  });

  it('refuses them in multipart fields (cs_username of the settings)', async () => {
    const form = new FormData();
    form.append('mode', '3');
    form.append('cs_username', 'support\u0000');
    form.append('cs_email', 'support@example.com');
    form.append('cs_password', 'secret-password');
    const answer = await server.call('POST', '/api/user/update_settings', { token: owner.token, raw: form });
    expectFieldRefused(answer, 'cs_username', messages.textCharacterInvalid);
  });

  it('answers routes that turn validation into their own message (variables) with 422, not 500', async () => {
    const answer = await server.call('POST', `/api/command_var/save/0/${owner.commandId}`, {
      token: owner.token,
      body: { var_name: 'ok_name', var_type: 'text', var_val_text: 'x\u0000' },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.errors).toEqual({ var_val_text: [messages.textCharacterInvalid] });
  });

  it('keeps well-formed text: emoji (surrogate pairs), Arabic, control characters other than NUL', async () => {
    const name = `${owner.marker} 🍕 بيتزا\ttab`;
    const answer = await server.call('POST', '/api/service/save', {
      token: owner.token,
      body: { service_name: name },
    });
    expect(answer.status, answer.text).toBe(200);
    const saved = await server.call('GET', `/api/service/browse/${answer.json.id}`, { token: owner.token });
    expect(saved.json.data.service_name).toBe(name);
  });

  it('refuses 10,000 levels of nesting with 422 without walking them all', async () => {
    const deep = `{"service_name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const answer = await server.call('POST', '/api/service/save', {
      token: owner.token,
      raw: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(Object.values(answer.json.errors)).toEqual([[messages.nestingTooDeep]]);
  });

  it.each(['0x10', '%201', '1e1', '%2B1', '-0', '01', '1.0', '9007199254740993'])(
    'refuses the path id %s instead of reading it as a number',
    async (id) => {
      const answer = await server.call('GET', `/api/service/browse/${id}`, { token: owner.token });
      expect(answer.status, answer.text).toBe(422);
      expect(Object.keys(answer.json.errors)).toEqual(['id']);
    },
  );

  it('reads a plain decimal path id', async () => {
    const answer = await server.call('GET', `/api/service/browse/${owner.serviceId}`, { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.json.data.service_id).toBe(owner.serviceId);
  });
});
