import { createHmac } from 'node:crypto';
import { widgetMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/** What a site's server computes (the widget README's example), written here without the server's code. */
const sign = (secret: string, id: number) => createHmac('sha256', secret).update(String(id)).digest('hex');

const SENDER_LIMIT = 5;

describe.each(await testDatabaseKinds())('messenger identity verification on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  beforeAll(async () => {
    server = await startConversationServer(kind, { senderLimit: SENDER_LIMIT });
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'hello',
      examples: ['hello', 'hi there', 'good day', 'hey you'],
      response: { resp_text: 'Hello!' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const widget = (path: string) => `/widget/api/${bot.botToken}/${path}`;
  const send = (senderId: number, hash?: string, text = 'hello') =>
    server.call('POST', widget('messages'), {
      body: {
        sender_id: senderId,
        event: { type: 'text', text },
        ...(hash !== undefined && { sender_hash: hash }),
      },
    });
  const history = (senderId: number, hash?: string) =>
    server.call(
      'GET',
      widget(`history?sender_id=${senderId}${hash === undefined ? '' : `&sender_hash=${hash}`}`),
    );
  const notices = (senderId: number, hash?: string) =>
    server.call(
      'GET',
      widget(`notices?sender_id=${senderId}${hash === undefined ? '' : `&sender_hash=${hash}`}`),
    );
  const turnOn = async (owner = bot) => {
    const answer = await server.call('POST', '/api/chatbot/identity_verification', {
      token: owner.token,
      body: { status: 1 },
    });
    expect(answer.status).toBe(200);
    return answer;
  };
  const turnOff = () =>
    server.call('POST', '/api/chatbot/identity_verification', { token: bot.token, body: { status: 0 } });

  it('is off until the owner turns it on: any id is taken, a hash is not needed', async () => {
    const state = await server.call('GET', '/api/chatbot/identity_verification', { token: bot.token });
    expect(state.json).toEqual({ status: 1, data: { status: 0 } });
    const settings = await server.call('GET', widget('settings'));
    expect(settings.json.data.identity_verification).toBe(0);
    expect((await send(42)).status).toBe(200);
    expect((await history(42)).json.data).toHaveLength(1);
    const drawn = await server.call('POST', widget('senders'));
    expect(drawn.status).toBe(200);
    expect(drawn.json.data.sender_id).toBeGreaterThan(0);
    expect(drawn.json.data.sender_hash).toBeUndefined();
  });

  it('turned on, answers the secret once and refuses every call for an id without its hash', async () => {
    const on = await turnOn();
    const secret: string = on.json.data.secret;
    expect(on.json.data.status).toBe(1);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = await server.call('GET', '/api/chatbot/identity_verification', { token: bot.token });
    expect(state.json).toEqual({ status: 1, data: { status: 1 } });
    expect(state.text).not.toContain(secret);
    expect((await server.call('GET', widget('settings'))).json.data.identity_verification).toBe(1);
    expect((await server.call('GET', '/api/chatbot/browse', { token: bot.token })).text).not.toContain(
      secret,
    );

    const wrong = sign('another secret', 42);
    for (const answer of [
      await history(42),
      await history(42, wrong),
      await notices(42),
      await send(42, wrong),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ status: 0, msg: widgetMessages.senderHashRequired });
    }
    // what the stranger sent was not stored; the site's own call (hex in either case) reads the conversation
    const signed = await history(42, sign(secret, 42).toUpperCase());
    expect(signed.status).toBe(200);
    expect(signed.json.data).toHaveLength(1);
    expect((await notices(42, sign(secret, 42))).status).toBe(200);
    const reply = await send(42, sign(secret, 42));
    expect(reply.status).toBe(200);
    expect(reply.json.replies[0]).toMatchObject({ type: 'text', text: 'Hello!' });
    expect((await history(42, sign(secret, 42))).json.data).toHaveLength(2);
  });

  it('a stranger without the hash cannot use up a verified sender’s messages', async () => {
    const { secret } = (await turnOn()).json.data;
    const id = 4242;
    for (let attempt = 0; attempt < SENDER_LIMIT + 2; attempt += 1) expect((await send(id)).status).toBe(403);
    expect((await send(id, sign(secret, id))).status).toBe(200);
  });

  it('signs the ids it draws for the messenger, and a new secret stops the old hashes', async () => {
    const { secret } = (await turnOn()).json.data;
    const drawn = (await server.call('POST', widget('senders'))).json.data;
    expect(drawn.sender_hash).toBe(sign(secret, drawn.sender_id));
    expect((await send(drawn.sender_id, drawn.sender_hash)).status).toBe(200);

    const { secret: next } = (await turnOn()).json.data;
    expect(next).not.toBe(secret);
    expect((await history(drawn.sender_id, drawn.sender_hash)).status).toBe(403);
    expect((await history(drawn.sender_id, sign(next, drawn.sender_id))).json.data).toHaveLength(1);
  });

  it('turned off, forgets the secret and takes ids without a hash again', async () => {
    const off = await turnOff();
    expect(off.json).toMatchObject({ status: 1, data: { status: 0 } });
    expect(off.json.data.secret).toBeUndefined();
    expect((await history(42)).status).toBe(200);
    expect((await send(42, sign('anything', 42))).status).toBe(200);
  });

  it('refuses a malformed hash and a malformed switch with field errors', async () => {
    const answer = await history(42, 'not-hex');
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(widgetMessages.senderHashInvalid);
    const bad = await server.call('POST', '/api/chatbot/identity_verification', {
      token: bot.token,
      body: { status: 'sometimes' },
    });
    expect(bad.status).toBe(422);
    expect(
      (await server.call('POST', '/api/chatbot/identity_verification', { body: { status: 1 } })).status,
    ).toBe(401);
  });

  it('one owner’s switch leaves another owner’s messenger alone', async () => {
    const other = await createBot(server);
    await turnOn(bot);
    const state = await server.call('GET', '/api/chatbot/identity_verification', { token: other.token });
    expect(state.json.data.status).toBe(0);
    const answer = await server.call('GET', `/widget/api/${other.botToken}/history?sender_id=42`);
    expect(answer.status).toBe(200);
  });
});
