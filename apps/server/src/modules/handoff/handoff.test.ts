import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { findNoticeAbout } from '../notices/notice-repository.ts';
import { releaseExpired } from './handoff-service.ts';

const csAction = (type: 'cs_connect' | 'cs_disconnect', department = '') => ({
  resp_action_type: type,
  resp_action_cs_connect_department: department,
});

describe.each(await testDatabaseKinds())('hand-over to a person on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let departmentId: number;
  const get = (path: string) => server.call('GET', `/api${path}`, { token: bot.token });
  const post = (path: string, body?: unknown) =>
    server.call('POST', `/api${path}`, { token: bot.token, ...(body !== undefined && { body }) });
  const keyOf = (senderId: number) => encodeURIComponent(`web:${senderId}`);
  const noticesAnswer = (senderId: number) =>
    server.call('GET', `/widget/api/${bot.botToken}/notices?sender_id=${senderId}`);
  const notices = async (senderId: number) =>
    (await noticesAnswer(senderId)).json.data.map(
      (notice: { message: { text?: string } }) => notice.message.text,
    );
  /** whether the messenger is told a person answers the sender (it then asks every 1.5 s) */
  const isHandedOver = async (senderId: number) => (await noticesAnswer(senderId)).json.handoff;
  const setSupport = (status: 0 | 1) =>
    post('/user/update_settings', {
      mode: 3,
      cs_status: status,
      cs_username: 'agent',
      cs_email: 'agent@example.com',
      cs_password: 'support-secret',
      cs_timeout_minutes: 10,
    });

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    expect((await setSupport(1)).status).toBe(200);
    departmentId = (await post('/user/add_cs_department', { name: 'Sales' })).json.data.id;
    await addCommand(bot, {
      name: 'talk to a person',
      examples: ['I want to talk to a person', 'connect me to an agent', 'speak to a human please'],
      response: {
        resp_text: 'Connecting you to our sales team…',
        resp_action_status: 1,
        resp_actions: [csAction('cs_connect', String(departmentId))],
      },
    });
    await addCommand(bot, {
      name: 'back to the bot',
      examples: ['thanks, that is all from the agent', 'end the chat with the agent'],
      response: { resp_text: 'Bye!', resp_action_status: 1, resp_actions: [csAction('cs_disconnect')] },
    });
    await addCommand(bot, {
      name: 'hello',
      examples: ['hello', 'hi there', 'good morning'],
      response: { resp_text: 'Hello!' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('mutes the bot, lets the owner answer, and gives the conversation back', async () => {
    const sender = newSender(bot);
    expect(await sender.say('hello')).toEqual([{ type: 'text', text: 'Hello!' }]);
    expect(await sender.say('I want to talk to a person')).toEqual([
      { type: 'text', text: 'Connecting you to our sales team…' },
    ]);
    const handoff = await get(`/conversations/${keyOf(sender.senderId)}/handoff`);
    expect(handoff.json.data).toMatchObject({
      status: 'waiting',
      department_id: departmentId,
      department_name: 'Sales',
    });
    expect((await get('/inbox/waiting')).json.data.handoffs).toBe(1);
    const listed = (await get('/conversations')).json.data.find(
      (row: { sender_key: string }) => row.sender_key === `web:${sender.senderId}`,
    );
    expect(listed.handoff).toBe('waiting');
    // the list narrows to the senders handed over, alone or with other filters
    const handedOver = (query: string) =>
      get(`/conversations?handed_over=1${query}`).then((answer) =>
        answer.json.data.map((row: { sender_key: string }) => row.sender_key),
      );
    expect(await handedOver('')).toEqual([`web:${sender.senderId}`]);
    expect(await handedOver('&search=person')).toEqual([`web:${sender.senderId}`]);
    expect(await handedOver('&search=pizza')).toEqual([]);
    expect(await handedOver('&platform=telegram')).toEqual([]);
    expect((await get('/conversations?handed_over=2')).status).toBe(422);

    // the bot stays silent while a person answers
    expect(await sender.say('hello')).toEqual([]);
    const turns = (await get(`/conversations/${keyOf(sender.senderId)}/turns`)).json.data;
    expect(turns.at(-1).trace.find((step: { step: string }) => step.step === 'handoff').note).toContain(
      'the bot stays silent',
    );

    const reply = await post(`/conversations/${keyOf(sender.senderId)}/reply`, { text: 'Hi, this is Mona.' });
    expect(reply.status).toBe(200);
    expect(await notices(sender.senderId)).toEqual(['Hi, this is Mona.']);
    // a person's reply: Messenger tags it HUMAN_AGENT after its 24-hour window
    const told = await noticesAnswer(sender.senderId);
    expect(await findNoticeAbout(server.database.db, bot.userId, told.json.data[0].notice_id)).toEqual({
      kind: 'agent_reply',
      params: [],
    });
    expect(await isHandedOver(sender.senderId)).toBe(true);
    expect((await get(`/conversations/${keyOf(sender.senderId)}/handoff`)).json.data.status).toBe('active');
    const transcript = await get(`/conversations/${keyOf(sender.senderId)}/turns`);
    expect(
      transcript.json.notices.map((notice: { message: { text: string } }) => notice.message.text),
    ).toEqual(['Hi, this is Mona.']);
    expect((await post(`/conversations/${keyOf(sender.senderId)}/reply`, { text: '  ' })).status).toBe(422);

    const released = await post(`/conversations/${keyOf(sender.senderId)}/release`);
    expect(released.status).toBe(200);
    expect(await notices(sender.senderId)).toEqual([
      'Hi, this is Mona.',
      'You are talking to the bot again.',
    ]);
    expect(await isHandedOver(sender.senderId)).toBe(false);
    expect((await get(`/conversations/${keyOf(sender.senderId)}/handoff`)).json.data).toBeNull();
    expect(await handedOver('')).toEqual([]);
    expect(await sender.say('hello')).toEqual([{ type: 'text', text: 'Hello!' }]);
    expect((await post(`/conversations/${keyOf(sender.senderId)}/release`)).status).toBe(409);
    expect((await post(`/conversations/${keyOf(sender.senderId)}/reply`, { text: 'late' })).status).toBe(409);
  });

  it('streams a turn event when a conversation moves and handoff events as a hand-over starts and ends', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/stream_fetch/inbox`, {
      headers: { authorization: `Bearer ${bot.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (wanted: string) => {
      while (!text.includes(wanted)) text += decoder.decode((await reader.read()).value, { stream: true });
    };
    try {
      await readUntil(': connected');
      const sender = newSender(bot);
      const key = `web:${sender.senderId}`;
      await sender.say('hello');
      await readUntil(`event: turn\ndata: ${JSON.stringify({ sender_key: key })}`);
      await sender.say('I want to talk to a person');
      await readUntil(`event: handoff\ndata: ${JSON.stringify({ sender_key: key, status: 'waiting' })}`);
      await post(`/conversations/${keyOf(sender.senderId)}/reply`, { text: 'Hello from Mona' });
      await readUntil(`event: handoff\ndata: ${JSON.stringify({ sender_key: key, status: 'active' })}`);
      await post(`/conversations/${keyOf(sender.senderId)}/release`);
      await readUntil(`event: handoff\ndata: ${JSON.stringify({ sender_key: key, status: 'released' })}`);
    } finally {
      controller.abort();
    }
  });

  it('gives the conversation back on cs_disconnect', async () => {
    const sender = newSender(bot);
    await sender.say('connect me to an agent');
    expect(await sender.press('cs_disconnect')).toEqual([
      { type: 'text', text: 'You are talking to the bot again.' },
    ]);
    expect(await sender.say('hello')).toEqual([{ type: 'text', text: 'Hello!' }]);
    // the fixed command hands over too, without a department
    expect(await sender.press('cs_connect')).toEqual([
      { type: 'text', text: 'A person from our team will answer you here shortly.' },
    ]);
    expect((await get(`/conversations/${keyOf(sender.senderId)}/handoff`)).json.data).toMatchObject({
      status: 'waiting',
      department_id: null,
    });
    await releaseExpired(server.database.db, new Date('2100-01-01T00:00:00Z'));
  });

  it('gives the conversation back when nobody wrote for the timeout', async () => {
    const sender = newSender(bot);
    await sender.say('speak to a human please');
    expect(await sender.say('hello?')).toEqual([]);
    server.clock.now = new Date(server.clock.now.getTime() + 11 * 60_000);
    // the next message finds the hand-over expired: told, and the bot answers it
    expect(await sender.say('hello')).toEqual([
      { type: 'text', text: 'You are talking to the bot again.' },
      { type: 'text', text: 'Hello!' },
    ]);

    // the sweeper gives back one nobody writes to, with a notice
    const quiet = newSender(bot);
    await quiet.say('speak to a human please');
    const handoff = (await get(`/conversations/${keyOf(quiet.senderId)}/handoff`)).json.data;
    expect(await releaseExpired(server.database.db, new Date(Date.parse(handoff.expires_at) - 1000))).toBe(0);
    expect(await releaseExpired(server.database.db, new Date(Date.parse(handoff.expires_at) + 1000))).toBe(1);
    expect(await notices(quiet.senderId)).toEqual(['You are talking to the bot again.']);
    expect(await quiet.say('hello')).toEqual([{ type: 'text', text: 'Hello!' }]);
  });

  it('does nothing while the owner’s customer support is off', async () => {
    await setSupport(0);
    try {
      const sender = newSender(bot);
      expect(await sender.say('I want to talk to a person')).toEqual([
        { type: 'text', text: 'Connecting you to our sales team…' },
      ]);
      expect(await sender.say('hello')).toEqual([{ type: 'text', text: 'Hello!' }]);
      expect((await get(`/conversations/${keyOf(sender.senderId)}/handoff`)).json.data).toBeNull();
      const fixed = await sender.press('cs_connect');
      expect(fixed).not.toEqual([
        { type: 'text', text: 'A person from our team will answer you here shortly.' },
      ]);
    } finally {
      await setSupport(1);
    }
  });
});
