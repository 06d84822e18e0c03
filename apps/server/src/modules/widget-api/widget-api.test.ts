import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

describe.each(await testDatabaseKinds())('web messenger API on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  beforeAll(async () => {
    server = await startConversationServer(kind, { senderLimit: 70 });
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'hello',
      examples: ['hello', 'hi there', 'good day', 'hey you'],
      response: { resp_text: 'Hello!' },
    });
    await saveChatbot(bot, {
      chatbot_name: 'Shop bot',
      messenger_settings: {
        ...(await server.call('GET', '/api/chatbot/browse', { token: bot.token })).json.data
          .messenger_settings,
        welcome_msg: 'Welcome to the shop',
        main_color: '#112233',
      },
      apps: {
        facebook: [],
        telegram: {
          chatbot_app_status: 1,
          chatbot_app_credentials: { verify_token: 'tg-verify', token: 'tg-secret' },
        },
        whatsapp: {
          chatbot_app_status: 0,
          chatbot_app_credentials: {
            verify_token: '',
            token: '',
            chatapi_url: '',
            order_template: '',
            order_template_lang: '',
          },
        },
        hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const messages = (body: unknown, headers?: Record<string, string>) =>
    server.call('POST', `/widget/api/${bot.botToken}/messages`, { body, ...(headers && { headers }) });

  it('answers the messenger settings without anything secret, for any origin', async () => {
    const answer = await server.call('GET', `/widget/api/${bot.botToken}/settings`, {
      headers: { origin: 'https://shop.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.json.data).toMatchObject({
      chatbot_name: 'Shop bot',
      welcome_msg: 'Welcome to the shop',
      main_color: '#112233',
      start_button: { status: 0 },
    });
    // the speech switch and language only, never the speech credentials
    expect(answer.json.data.voice).toEqual({
      status: 0,
      lang: expect.stringMatching(/^(ar-EG|en-US)$/),
      server: 0,
    });
    expect(answer.text).not.toContain('tg-secret');
    expect(answer.text).not.toContain('tg-verify');
  });

  it('answers preflights for other origins', async () => {
    const answer = await server.call('OPTIONS', `/widget/api/${bot.botToken}/messages`, {
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('refuses an unknown bot, a bad sender id, a bad event and a body over 16 KB', async () => {
    const event = { type: 'text', text: 'hello' };
    const unknown = await server.call('POST', '/widget/api/no-such-bot/messages', {
      body: { sender_id: 5, event },
    });
    expect(unknown.status).toBe(404);
    expect((await server.call('GET', '/widget/api/no-such-bot/settings')).status).toBe(404);
    for (const sender_id of [0, -1, 'abc', 1.5])
      expect((await messages({ sender_id, event })).status).toBe(422);
    expect((await messages({ sender_id: 5, event: { type: 'wave' } })).status).toBe(422);
    const huge = await messages({ sender_id: 5, event: { type: 'text', text: 'a'.repeat(17_000) } });
    expect(huge.status).toBe(413);
  });

  it('answers replies and a turn id; the history gives the last 50 turns oldest first, and pages back', async () => {
    const sender = newSender(bot);
    const first = await sender.send({ type: 'text', text: 'hello' });
    expect(first).toEqual({
      status: 1,
      replies: [{ type: 'text', text: 'Hello!' }],
      turn_id: expect.any(Number),
    });
    for (let index = 1; index <= 54; index += 1) await sender.send({ type: 'text', text: `hello ${index}` });
    const path = `/widget/api/${bot.botToken}/history?sender_id=${sender.senderId}`;
    const latest = (await server.call('GET', path)).json.data;
    expect(latest).toHaveLength(50);
    expect(latest[0].event).toEqual({ type: 'text', text: 'hello 5' });
    expect(latest[49].event).toEqual({ type: 'text', text: 'hello 54' });
    const older = (await server.call('GET', `${path}&before=${latest[0].turn_id}`)).json.data;
    expect(older.map((turn: { event: { text: string } }) => turn.event.text)).toEqual([
      'hello',
      'hello 1',
      'hello 2',
      'hello 3',
      'hello 4',
    ]);
    expect(older[0]).toMatchObject({ turn_id: first.turn_id, replies: [{ type: 'text', text: 'Hello!' }] });
  });

  it('keeps senders apart and counts them in /user/stats', async () => {
    const before = (await server.call('GET', '/api/user/stats', { token: bot.token })).json.senders;
    const alice = newSender(bot);
    const bob = newSender(bot);
    await alice.say('hello');
    await alice.say('hi there');
    await bob.say('hello');
    const stats = await server.call('GET', '/api/user/stats', { token: bot.token });
    expect(stats.json.senders).toBe(before + 2);
    const bobHistory = await server.call(
      'GET',
      `/widget/api/${bot.botToken}/history?sender_id=${bob.senderId}`,
    );
    expect(bobHistory.json.data).toHaveLength(1);
  });

  it('lists the widget calls in the OpenAPI document', async () => {
    const docs = await server.call('GET', '/api/docs/json');
    const paths = Object.keys(docs.json.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/widget/api/{bot}/settings',
        '/widget/api/{bot}/messages',
        '/widget/api/{bot}/history',
      ]),
    );
  });
});

describe.each(await testDatabaseKinds())('web messenger rate limits on $label', (kind) => {
  let server: ConversationServer;
  afterAll(async () => {
    await server.close();
  });

  it('refuses a sender’s messages over its limit with 429', async () => {
    server = await startConversationServer(kind, { senderLimit: 3 });
    const bot = await createBot(server);
    const sender = newSender(bot);
    const send = () =>
      server.call('POST', `/widget/api/${bot.botToken}/messages`, {
        body: { sender_id: sender.senderId, event: { type: 'text', text: 'hi' } },
      });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await send()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // another sender is not affected
    expect((await newSender(bot).send({ type: 'text', text: 'hi' })).status).toBe(1);
  });
});
