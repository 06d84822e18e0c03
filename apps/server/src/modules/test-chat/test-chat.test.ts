import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import type { SubscriptionTables } from '../subscriptions/subscription-tables.ts';

const bookTable = {
  name: 'book a table',
  examples: ['book a table', 'reserve a table for dinner', 'i want a table', 'table reservation please'],
  variables: [
    {
      var_name: 'day',
      var_type: 'list' as const,
      var_val_list: ['friday', 'saturday', 'sunday'],
      var_prompt: 'Which day?',
      var_fallback_type: 'options' as const,
      var_fallback_msg: 'Please pick a day:',
      var_fallback_options: [
        { label: 'Friday', val: 'friday' },
        { label: 'Saturday', val: 'saturday' },
      ],
    },
    {
      var_name: 'people',
      var_type: 'component' as const,
      entity_name: 'number',
      var_prompt: 'How many people?',
    },
  ],
  response: { resp_text: 'A table for {{people}} on {{day}}.' },
};

describe.each(await testDatabaseKinds())('test chat on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let commandId: number;

  const send = async (event: Record<string, unknown>, token = bot.token) => {
    const answer = await server.call('POST', '/api/test_chat/send', { token, body: { event } });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data;
  };
  const say = (text: string, token = bot.token) => send({ type: 'text', text }, token);
  const reset = async (token = bot.token) => {
    const answer = await server.call('POST', '/api/test_chat/reset', { token, body: {} });
    expect(answer.json).toEqual({ status: 1 });
  };
  const history = async (token = bot.token) => {
    const answer = await server.call('GET', '/api/test_chat/history', { token });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data;
  };

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    commandId = (await addCommand(bot, bookTable)).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('completes a two-variable command over three messages with its prompts, values and trace', async () => {
    await reset();
    const first = await say('book a table');
    expect(first).toMatchObject({
      replies: [{ type: 'text', text: 'Which day?' }],
      lang: 'en',
      matched: { command_id: commandId, command_name: 'book a table' },
      variables: {},
      waiting_for: 'day',
    });
    expect(first.matched.score).toBeGreaterThan(0);
    expect(first.trace.map((step: { step: string }) => step.step)).toEqual(
      expect.arrayContaining(['language', 'understanding', 'variables', 'prompt']),
    );
    expect(first.trace.find((step: { step: string }) => step.step === 'prompt').note).toBe('asks for day');

    const second = await say('saturday');
    expect(second).toMatchObject({
      replies: [{ type: 'text', text: 'How many people?' }],
      variables: { day: 'saturday' },
      waiting_for: 'people',
    });
    expect(second.trace.map((step: { step: string }) => step.step)).toContain('slot-filling');

    const third = await say('4');
    expect(third).toMatchObject({
      replies: [{ type: 'text', text: 'A table for 4 on saturday.' }],
      variables: { day: 'saturday', people: 4 },
      waiting_for: null,
    });
    expect(third.trace.map((step: { step: string }) => step.step)).toContain('response');

    const stored = await history();
    expect(stored.turns.map((turn: { event: unknown }) => turn.event)).toEqual([
      { type: 'text', text: 'book a table' },
      { type: 'text', text: 'saturday' },
      { type: 'text', text: '4' },
    ]);
    expect(stored.turns[0]).toMatchObject({
      turn_id: first.turn_id,
      replies: first.replies,
      matched: { command_id: commandId, command_name: 'book a table' },
      trace: first.trace,
    });
    expect(stored).toMatchObject({ variables: {}, waiting_for: null });
  });

  it('answers a variable with the postback of a fallback quick reply', async () => {
    await reset();
    await say('book a table');
    const offered = await say('a castle');
    expect(offered.replies).toEqual([
      {
        type: 'quick_replies',
        text: 'Please pick a day:',
        replies: [
          { label: 'Friday', payload: 'friday' },
          { label: 'Saturday', payload: 'saturday' },
        ],
      },
    ]);
    expect(offered.waiting_for).toBe('day');
    const chosen = await send({ type: 'postback', payload: 'friday', label: 'Friday' });
    expect(chosen).toMatchObject({
      replies: [{ type: 'text', text: 'How many people?' }],
      variables: { day: 'friday' },
      waiting_for: 'people',
    });
    expect((await history()).turns.at(-1).event).toEqual({
      type: 'postback',
      payload: 'friday',
      label: 'Friday',
    });
  });

  it('starts a command from a cmd: postback and says when nothing is understood', async () => {
    await reset();
    const started = await send({ type: 'postback', payload: `cmd:${commandId}`, label: 'Book' });
    expect(started).toMatchObject({
      replies: [{ type: 'text', text: 'Which day?' }],
      matched: { command_id: commandId, score: 1 },
    });
    await reset();
    const lost = await say('xqzv wplk');
    expect(lost.matched).toBeNull();
    expect(lost.waiting_for).toBeNull();
  });

  it('starts afresh after a reset: no turns, no command waiting, the sender forgotten', async () => {
    await reset();
    await say('book a table');
    await say('sunday');
    expect((await history()).waiting_for).toBe('people');
    await reset();
    expect(await history()).toEqual({ turns: [], variables: {}, waiting_for: null });
    // "2" answers no prompt any more: nothing is in progress
    const after = await say('2');
    expect(after.waiting_for).toBeNull();
    expect(after.replies).not.toEqual([{ type: 'text', text: 'A table for 2 on sunday.' }]);
    const senders = await server.database.db
      .selectFrom('senders')
      .select('sender_id')
      .where('user_id', '=', bot.userId)
      .where('platform', '=', 'test')
      .execute();
    expect(senders).toEqual([{ sender_id: String(bot.userId) }]);
  });

  it("keeps each owner's test chat apart: another owner's reset and messages leave it untouched", async () => {
    const other = await createBot(server);
    await addCommand(other, bookTable);
    await reset();
    await say('book a table');
    await say('friday');
    // the other owner talks, then resets its own chat
    const theirs = await say('book a table', other.token);
    expect(theirs.waiting_for).toBe('day');
    expect(theirs.variables).toEqual({});
    await reset(other.token);
    expect((await history(other.token)).turns).toEqual([]);

    const mine = await history();
    expect(mine.turns).toHaveLength(2);
    expect(mine).toMatchObject({ variables: { day: 'friday' }, waiting_for: 'people' });
    expect((await say('3')).replies).toEqual([{ type: 'text', text: 'A table for 3 on friday.' }]);
  });

  it("does not run another owner's command named by a cmd: postback", async () => {
    const other = await createBot(server);
    const theirs = await addCommand(other, { ...bookTable, response: { resp_text: 'their secret' } });
    await reset();
    const answer = await send({ type: 'postback', payload: `cmd:${theirs.id}` });
    expect(answer.matched).toBeNull();
    expect(answer.waiting_for).toBeNull();
    expect(JSON.stringify(answer)).not.toContain('their secret');
  });

  it('keeps test turns apart from the web messenger sender with the same id', async () => {
    await reset();
    await say('book a table');
    const web = await server.call('POST', `/widget/api/${bot.botToken}/messages`, {
      body: { sender_id: bot.userId, event: { type: 'text', text: 'saturday' } },
    });
    expect(web.json.replies).not.toEqual([{ type: 'text', text: 'How many people?' }]);
    expect((await say('saturday')).replies).toEqual([{ type: 'text', text: 'How many people?' }]);
  });

  it('takes the test sender out of a subscription channel it joined on reset', async () => {
    const news = await addCommand(bot, {
      name: 'city news',
      examples: [
        'send me city news',
        'subscribe to city news',
        'notify me about my city',
        'news for my city',
      ],
      response: {
        resp_text: 'Subscribed.',
        resp_action_status: 1,
        resp_actions: [{ resp_action_type: 'subscribe' }],
      },
    });
    const channel = await server.call('POST', '/api/subscription/save/0', {
      token: bot.token,
      body: { sc_title: 'City news', sc_desc: 'Morning news', sc_command_id: news.id },
    });
    expect(channel.json.status, channel.text).toBe(1);
    const statusOf = async () =>
      (
        await server.database.db
          .withTables<SubscriptionTables>()
          .selectFrom('subscribers')
          .select('status')
          .where('user_id', '=', bot.userId)
          .where('platform', '=', 'test')
          .executeTakeFirst()
      )?.status;
    await reset();
    expect((await send({ type: 'postback', payload: `cmd:${news.id}` })).replies).toEqual([
      { type: 'text', text: 'Subscribed.' },
    ]);
    expect(await statusOf()).toBe('active');
    await reset();
    expect(await statusOf()).toBe('unsubscribed');
  });

  it('works for an owner who never opened the chatbot screen (the default chatbot settings)', async () => {
    const owner = await registerAndLogin(server);
    const answer = await say('hello there', owner.token);
    expect(answer.matched).toBeNull();
    expect(answer.replies.length).toBeGreaterThan(0);
  });

  it('refuses a malformed event and a caller who is not signed in', async () => {
    const bad = await server.call('POST', '/api/test_chat/send', {
      token: bot.token,
      body: { event: { type: 'text', text: '   ' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.status).toBe(0);
    const anonymous = await server.call('POST', '/api/test_chat/send', {
      body: { event: { type: 'text', text: 'hi' } },
    });
    expect(anonymous.status).toBe(401);
  });
});
