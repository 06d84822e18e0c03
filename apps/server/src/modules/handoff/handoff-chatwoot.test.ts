import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { type FakeChatwoot, startFakeChatwoot } from '../../testing/handoff/chatwoot/chatwoot-fake.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

describe.each(await testDatabaseKinds())('hand-over to the owner’s Chatwoot on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let chatwoot: FakeChatwoot;
  const get = (path: string) => server.call('GET', `/api${path}`, { token: bot.token });
  const post = (path: string, body?: unknown) =>
    server.call('POST', `/api${path}`, { token: bot.token, ...(body !== undefined && { body }) });
  const notices = async (senderId: number) => {
    const answer = await server.call('GET', `/widget/api/${bot.botToken}/notices?sender_id=${senderId}`);
    return answer.json.data.map((notice: { message: { text?: string } }) => notice.message.text);
  };

  beforeAll(async () => {
    chatwoot = await startFakeChatwoot({ teams: ['Sales', 'Billing'] });
    server = await startConversationServer(kind, {}, { outboundAllow: ['127.0.0.1'] });
    bot = await createBot(server);
    const saved = await post('/user/update_settings', {
      mode: 3,
      cs_status: 1,
      cs_username: 'agent',
      cs_email: 'agent@example.com',
      cs_password: chatwoot.token,
      cs_endpoint: chatwoot.endpoint,
      cs_timeout_minutes: 30,
    });
    expect(saved.status).toBe(200);
    const me = await get('/user/me');
    const path: string = me.json.data.user_customer_support.cs_info.cs_webhook_path;
    expect(path).toMatch(/^\/api\/hooks\/chatwoot\/\d+\.[\w-]{20,}$/);
    chatwoot.webhookUrl = `${server.url}${path}`;
  });
  afterAll(async () => {
    await server.close();
    await chatwoot.close();
  });

  it('answers Chatwoot’s teams as the departments', async () => {
    const departments = await get('/user/get_cs_departments');
    expect(departments.json.data.map((department: { name: string }) => department.name)).toEqual([
      'Sales',
      'Billing',
    ]);
    // asked again, the same ids (each team is kept as one department)
    const again = await get('/user/get_cs_departments');
    expect(again.json.data).toEqual(departments.json.data);
  });

  it('opens a conversation in Chatwoot with the team, relays both ways, and resolves', async () => {
    const billing = (await get('/user/get_cs_departments')).json.data.find(
      (department: { name: string }) => department.name === 'Billing',
    );
    await addCommand(bot, {
      name: 'billing person',
      examples: ['I have a question about my bill', 'talk to billing', 'my invoice is wrong'],
      response: {
        resp_text: 'Passing you to billing…',
        resp_action_status: 1,
        resp_actions: [
          { resp_action_type: 'cs_connect', resp_action_cs_connect_department: String(billing.id) },
        ],
      },
    });
    await addCommand(bot, {
      name: 'hello',
      examples: ['hello', 'hi there', 'good morning'],
      response: { resp_text: 'Hello!' },
    });

    const sender = newSender(bot);
    expect(await sender.say('my invoice is wrong')).toEqual([
      { type: 'text', text: 'Passing you to billing…' },
    ]);
    await expect.poll(() => chatwoot.conversations.length, { timeout: 5000 }).toBe(1);
    const conversation = chatwoot.conversations[0];
    const team = chatwoot.teams.find((candidate) => candidate.name === 'Billing');
    expect(conversation?.teamId).toBe(team?.id);
    expect(chatwoot.contacts[0]?.identifier).toBe(`web:${sender.senderId}`);
    await expect
      .poll(() =>
        chatwoot.messages.filter((message) => message.messageType === 'incoming').map((m) => m.content),
      )
      .toEqual(['my invoice is wrong']);

    // the bot is silent; the sender's messages reach the agents, also through a Chatwoot failing three times
    // (the client tries twice, the relay again after a pause)
    chatwoot.failNext(3, 500);
    expect(await sender.say('it says 300 instead of 30')).toEqual([]);
    await expect
      .poll(
        () => chatwoot.messages.filter((message) => message.messageType === 'incoming').map((m) => m.content),
        { timeout: 8_000 },
      )
      .toEqual(['my invoice is wrong', 'it says 300 instead of 30']);
    const failedThenPosted = chatwoot.requests.filter((request) => request.path.endsWith('/messages'));
    expect(failedThenPosted.map((request) => request.status).slice(-4)).toEqual([500, 500, 500, 200]);
    await expect
      .poll(async () => {
        const turns = (await get(`/conversations/${encodeURIComponent(`web:${sender.senderId}`)}/turns`)).json
          .data;
        return turns.at(-1).trace.find((step: { step: string }) => step.step === 'chatwoot')?.note ?? '';
      })
      .toMatch(/^retried after .* 500.*; posted to Chatwoot conversation/);
    const handoff = await get(`/conversations/${encodeURIComponent(`web:${sender.senderId}`)}/handoff`);
    expect(handoff.json.data).toMatchObject({
      status: 'waiting',
      department_name: 'Billing',
      chatwoot_conversation_id: conversation?.id,
    });

    // the agent answers in Chatwoot: the sender gets it
    await chatwoot.agentReply(conversation?.id ?? 0, 'Sorry! Fixed, it is 30 now.');
    await chatwoot.settled();
    expect(await notices(sender.senderId)).toEqual(['Sorry! Fixed, it is 30 now.']);
    expect(chatwoot.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    // the same webhook posted again (a retry after a slow delivery): the sender reads the reply once
    const reply = chatwoot.deliveries.findIndex((delivery) => delivery.payload.message_type === 'outgoing');
    await chatwoot.redeliver(reply);
    expect(chatwoot.deliveries.at(-1)?.status).toBe(200);
    expect(await notices(sender.senderId)).toEqual(['Sorry! Fixed, it is 30 now.']);
    // a second reply with the same words is a new message, and arrives
    await chatwoot.agentReply(conversation?.id ?? 0, 'Sorry! Fixed, it is 30 now.');
    expect(await notices(sender.senderId)).toEqual([
      'Sorry! Fixed, it is 30 now.',
      'Sorry! Fixed, it is 30 now.',
    ]);

    // resolved in Chatwoot: back to the bot, with a word to the sender
    await chatwoot.resolveFromAgent(conversation?.id ?? 0);
    await chatwoot.settled();
    expect(await notices(sender.senderId)).toEqual([
      'Sorry! Fixed, it is 30 now.',
      'Sorry! Fixed, it is 30 now.',
      'You are talking to the bot again.',
    ]);
    expect(await sender.say('hello')).toEqual([{ type: 'text', text: 'Hello!' }]);
  });

  it('resolves the Chatwoot conversation when the owner gives it back, and refuses a wrong webhook key', async () => {
    const sender = newSender(bot);
    await sender.say('talk to billing');
    await expect.poll(() => chatwoot.conversations.length, { timeout: 5000 }).toBe(2);
    const conversation = chatwoot.conversations[1];
    await expect
      .poll(
        async () =>
          (await get(`/conversations/${encodeURIComponent(`web:${sender.senderId}`)}/handoff`)).json.data
            .chatwoot_conversation_id,
      )
      .toBe(conversation?.id);
    expect(
      (await post(`/conversations/${encodeURIComponent(`web:${sender.senderId}`)}/release`)).status,
    ).toBe(200);
    expect(conversation?.status).toBe('resolved');

    const me = await get('/user/me');
    const path: string = me.json.data.user_customer_support.cs_info.cs_webhook_path;
    const forged = await server.call('POST', `${path.slice(0, -4)}xxxx`, {
      body: {
        event: 'message_created',
        message_type: 'outgoing',
        content: 'forged',
        conversation: { id: 1 },
      },
    });
    expect(forged.status).toBe(401);
  });
});
