import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { similarityOf } from './inbox-grouping.ts';

describe('how alike two messages are', () => {
  it('puts rephrasings and typos together and different questions apart', () => {
    expect(similarityOf('when are you open', 'when are you open today')).toBeGreaterThanOrEqual(0.5);
    expect(similarityOf('opening hours', 'openning hours')).toBeGreaterThanOrEqual(0.5);
    expect(similarityOf('اسعار التوصيل', 'الاسعار التوصيل')).toBeGreaterThanOrEqual(0.5);
    expect(similarityOf('when are you open', 'do you deliver to giza')).toBeLessThan(0.5);
  });
});

describe.each(await testDatabaseKinds())('conversations and the not-understood inbox on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let pizzaId: number;
  let hoursId: number;
  const get = (path: string, token = bot.token) => server.call('GET', `/api${path}`, { token });
  const post = (path: string, body?: unknown, token = bot.token) =>
    server.call('POST', `/api${path}`, { token, ...(body !== undefined && { body }) });

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    pizzaId = (
      await addCommand(bot, {
        name: 'order pizza',
        examples: ['I want a pizza', 'order a pizza please', 'can I get a pizza', 'pizza delivery'],
        response: { resp_text: 'Which pizza would you like?' },
      })
    ).id;
    hoursId = (
      await addCommand(bot, {
        name: 'opening hours',
        examples: ['what time do you close', 'are you open on sunday', 'until when are you working'],
        response: { resp_text: 'We are open from 10 to 22.' },
      })
    ).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the senders newest first with their last message, and filters them', async () => {
    const alice = newSender(bot);
    await alice.say('I want a pizza');
    await alice.say('meaning of life');
    const bob = newSender(bot);
    await bob.say('can I get a pizza');

    const list = await get('/conversations');
    expect(list.status).toBe(200);
    const keys = list.json.data.map((row: { sender_key: string }) => row.sender_key);
    expect(keys.slice(0, 2)).toEqual([`web:${bob.senderId}`, `web:${alice.senderId}`]);
    expect(list.json.data[1]).toMatchObject({
      platform: 'web',
      last_text: 'meaning of life',
      last_lang: 'en',
      turns: 2,
      handoff: null,
    });

    const notUnderstood = await get('/conversations?not_understood=1');
    expect(notUnderstood.json.data.map((row: { sender_key: string }) => row.sender_key)).toContain(
      `web:${alice.senderId}`,
    );
    expect(notUnderstood.json.data.map((row: { sender_key: string }) => row.sender_key)).not.toContain(
      `web:${bob.senderId}`,
    );
    const byCommand = await get(`/conversations?command_id=${pizzaId}`);
    expect(byCommand.json.data).toHaveLength(2);
    const searched = await get(`/conversations?search=${encodeURIComponent('MEANING of')}`);
    expect(searched.json.data.map((row: { sender_key: string }) => row.sender_key)).toEqual([
      `web:${alice.senderId}`,
    ]);
    const nothing = await get('/conversations?from=2020-01-01&to=2020-01-31');
    expect(nothing.json.data).toEqual([]);
    const wrongRange = await get('/conversations?from=2026-02-01&to=2026-01-01');
    expect(wrongRange.status).toBe(422);
    expect((await get('/conversations?lang=fr')).status).toBe(422);
  });

  it('finds Arabic messages whatever the letter forms and marks', async () => {
    const arabic = newSender(bot);
    await arabic.say('أُريد البيتزا الكبيرة');
    const found = await get(`/conversations?search=${encodeURIComponent('اريد البيتزا')}`);
    expect(found.json.data.map((row: { sender_key: string }) => row.sender_key)).toEqual([
      `web:${arabic.senderId}`,
    ]);
  });

  it('shows the transcript with the matched command and score, paged newest first', async () => {
    const carol = newSender(bot);
    for (let index = 0; index < 55; index += 1) await carol.say(index % 2 === 0 ? 'I want a pizza' : 'blorp');
    const first = await get(`/conversations/${encodeURIComponent(`web:${carol.senderId}`)}/turns`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pages_count: 2, total: 55 });
    expect(first.json.data).toHaveLength(50);
    const last = first.json.data.at(-1);
    expect(last).toMatchObject({
      event: { type: 'text', text: 'I want a pizza' },
      command_id: pizzaId,
      command_name: 'order pizza',
      not_understood: false,
      replies: [{ type: 'text', text: 'Which pizza would you like?' }],
    });
    expect(last.score).toBeGreaterThan(0);
    expect(last.trace.map((step: { step: string }) => step.step)).toContain('understanding');
    expect(first.json.data.at(-2)).toMatchObject({ not_understood: true, command_id: null });
    const second = await get(`/conversations/${encodeURIComponent(`web:${carol.senderId}`)}/turns?page=2`);
    expect(second.json.data).toHaveLength(5);
    expect(second.json.data[4].id).toBeLessThan(first.json.data[0].id);
  });

  // letters no example has: the bot cannot read them as any command (a made-up word can: "plugh frobozz" → pizza)
  it('refuses a turn from another group and a command that is not the owner’s', async () => {
    const erin = newSender(bot);
    await erin.say('zzz qqq xxx');
    await erin.say('kkk jjj vvv');
    const inbox = await get('/inbox/not_understood');
    const [one, two] = [
      inbox.json.data.find(
        (group: { messages: { text: string }[] }) => group.messages[0]?.text === 'zzz qqq xxx',
      ),
      inbox.json.data.find(
        (group: { messages: { text: string }[] }) => group.messages[0]?.text === 'kkk jjj vvv',
      ),
    ];
    const wrongTurn = await post(`/inbox/not_understood/${one.id}/add_example`, {
      turn_id: two.messages[0].turn_id,
      command_id: hoursId,
    });
    expect(wrongTurn.status).toBe(422);
    expect(wrongTurn.json.errors.turn_id).toBeDefined();
    const stranger = await createBot(server);
    const strangerCommand = await addCommand(stranger, { name: 'theirs', examples: ['their example'] });
    const foreignCommand = await post(`/inbox/not_understood/${one.id}/add_example`, {
      turn_id: one.messages[0].turn_id,
      command_id: strangerCommand.id,
    });
    expect(foreignCommand.status).toBe(422);
    expect(foreignCommand.json.errors.command_id).toBeDefined();
  });

  // letters no example has, so the bot cannot read them as any command whatever state its model is in (made-up
  // words can be: "plugh frobozz" read as pizza); the grouping of real rephrasings is tested above
  it('groups the fallback messages, adds one as an example, and the bot then understands it', async () => {
    const dave = newSender(bot);
    const fallback = await dave.say('zqxj vvqk');
    expect(fallback[0]).toMatchObject({ type: 'text' });
    await dave.say('zqxj-vvqk?');
    await dave.say('wxqj kkvz');
    const inbox = await get('/inbox/not_understood');
    expect(inbox.status).toBe(200);
    const glutenGroup = inbox.json.data.find((group: { messages: { text: string }[] }) =>
      group.messages.some((message) => message.text === 'zqxj vvqk'),
    );
    expect(glutenGroup.count).toBe(2);
    expect(glutenGroup.messages.map((message: { text: string }) => message.text)).toEqual([
      'zqxj-vvqk?',
      'zqxj vvqk',
    ]);
    expect(glutenGroup.candidates.length).toBeGreaterThan(0);
    expect(glutenGroup.candidates[0]).toMatchObject({
      command_id: expect.any(Number),
      command_name: expect.any(String),
    });
    const veganGroup = inbox.json.data.find((group: { messages: { text: string }[] }) =>
      group.messages.some((message) => message.text === 'wxqj kkvz'),
    );
    expect(veganGroup.id).not.toBe(glutenGroup.id);
    const waiting = await get('/inbox/waiting');
    expect(waiting.json.data.waiting).toBe(inbox.json.waiting);

    const turnId = glutenGroup.messages[1].turn_id;
    const added = await post(`/inbox/not_understood/${glutenGroup.id}/add_example`, {
      turn_id: turnId,
      command_id: pizzaId,
    });
    expect(added.status).toBe(200);
    expect(added.json.data.command_id).toBe(pizzaId);
    const examples = await post(`/command_example/get/${pizzaId}`);
    expect(JSON.stringify(examples.json)).toContain('zqxj vvqk');
    // the incremental update: the same message now starts the command
    await expect
      .poll(async () => (await newSender(bot).say('zqxj vvqk'))[0], { timeout: 5000 })
      .toEqual({ type: 'text', text: 'Which pizza would you like?' });
    const after = await get('/inbox/not_understood');
    expect(after.json.data.map((group: { id: number }) => group.id)).not.toContain(glutenGroup.id);

    const dismissed = await post(`/inbox/not_understood/${veganGroup.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    await newSender(bot).say('wxqj kkvz?');
    const afterDismiss = await get('/inbox/not_understood');
    expect(
      afterDismiss.json.data.some((group: { messages: { text: string }[] }) =>
        group.messages.some((message) => message.text.startsWith('wxqj kkvz')),
      ),
    ).toBe(false);
    expect((await post(`/inbox/not_understood/${veganGroup.id}/dismiss`)).status).toBe(404);
  });

  it('never shows another owner a conversation or a group', async () => {
    const frank = newSender(bot);
    await frank.say('qwerty asdf');
    const other = await registerAndLogin(server);
    const key = encodeURIComponent(`web:${frank.senderId}`);
    expect((await get('/conversations', other.token)).json.data).toEqual([]);
    expect((await get(`/conversations/${key}/turns`, other.token)).status).toBe(404);
    expect((await get(`/conversations/${key}/handoff`, other.token)).status).toBe(404);
    expect((await post(`/conversations/${key}/reply`, { text: 'hi' }, other.token)).status).toBe(404);
    expect((await get('/inbox/not_understood', other.token)).json.data).toEqual([]);
    const group = (await get('/inbox/not_understood')).json.data[0];
    expect((await post(`/inbox/not_understood/${group.id}/dismiss`, undefined, other.token)).status).toBe(
      404,
    );
    expect((await get('/conversations/nonsense/turns')).status).toBe(422);
  });

  it('counts the traffic per month with the understood share per language', async () => {
    let turns = 0;
    for (let page = 1; ; page += 1) {
      const list = await get(`/conversations?page=${page}`);
      turns += list.json.data.reduce((sum: number, row: { turns: number }) => sum + row.turns, 0);
      if (!list.json.has_more) break;
    }
    // the runtime's clock is 2026-03-01 in these tests: every turn is in that month
    const months = await get('/user/traffic?period=month');
    expect(months.status).toBe(200);
    expect(months.json.data.buckets).toHaveLength(12);
    const march = months.json.data.buckets.find((bucket: { label: string }) => bucket.label === '2026-03');
    expect(march.messages).toBe(turns);
    expect(march.understood).toBeLessThan(march.messages);
    expect(march.understood).toBeGreaterThan(0);
    // an English-only bot reads every message as English, but the dashboard labels each by the language it is
    // written in: the one Arabic message is Arabic
    expect(march.by_lang).toEqual({ en: turns - 1, ar: 1 });
    const understoodByLang = Object.values(march.understood_by_lang as Record<string, number>);
    expect(understoodByLang.reduce((sum, count) => sum + count, 0)).toBe(march.understood);
    // counted once: reading again adds nothing
    const again = await get('/user/traffic?period=year');
    expect(
      again.json.data.buckets.find((bucket: { label: string }) => bucket.label === '2026').messages,
    ).toBe(turns);
    const days = await get('/user/traffic?period=day');
    expect(days.json.data.buckets).toHaveLength(30);
    expect((await get('/user/traffic?period=week')).status).toBe(422);
  });
});
