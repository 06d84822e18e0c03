import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

const PIZZA_REPLY = 'Which pizza would you like?';
const HOURS_REPLY = 'We are open from 10 to 22.';

describe.each(await testDatabaseKinds())('correcting the bot from a transcript on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let pizzaId: number;
  let hoursId: number;
  const call = (method: string, path: string, body?: unknown, token = bot.token) =>
    server.call(method, `/api${path}`, { token, ...(body !== undefined && { body }) });
  const turnPath = (senderId: number, turnId: number) =>
    `/conversations/${encodeURIComponent(`web:${senderId}`)}/turns/${turnId}`;
  /** What a new sender gets for `text`: the first reply's text, or '' when the bot did not understand. */
  const answerTo = async (text: string, owner = bot) => {
    const sender = newSender(owner);
    const { turn_id: turnId, replies } = await sender.send({ type: 'text', text });
    const turns = await call(
      'GET',
      `/conversations/${encodeURIComponent(`web:${sender.senderId}`)}/turns`,
      undefined,
      owner.token,
    );
    const turn = turns.json.data.find((entry: { id: number }) => entry.id === turnId);
    return turn.not_understood ? '' : String(replies[0]?.text ?? '');
  };
  const negativesOf = async (serviceId = bot.serviceId) =>
    (await call('GET', `/service/${serviceId}/negative_examples`)).json.data as {
      id: number;
      text: string;
    }[];

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    pizzaId = (
      await addCommand(bot, {
        name: 'order pizza',
        examples: ['I want a pizza', 'order a pizza please', 'can I get a pizza', 'pizza delivery'],
        response: { resp_text: PIZZA_REPLY },
      })
    ).id;
    hoursId = (
      await addCommand(bot, {
        name: 'opening hours',
        examples: ['what time do you close', 'are you open on sunday', 'until when are you working'],
        response: { resp_text: HOURS_REPLY },
      })
    ).id;
    // the models follow the saves in the background
    await vi.waitFor(async () => expect(await answerTo('I want a pizza')).toBe(PIZZA_REPLY), {
      timeout: 5000,
      interval: 100,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('"Not for this bot" makes the message not understood, until the negative example is removed', async () => {
    const text = 'do you sell pizza shoes';
    expect(await answerTo(text)).toBe(PIZZA_REPLY);
    const sender = newSender(bot);
    const { turn_id: turnId } = await sender.send({ type: 'text', text });

    const marked = await call('POST', `${turnPath(sender.senderId, turnId)}/not_for_bot`);
    expect(marked.status).toBe(200);
    expect(marked.json.data.service_id).toBe(bot.serviceId);
    const again = await call('POST', `${turnPath(sender.senderId, turnId)}/not_for_bot`);
    expect(again.json.data.negative_id).toBe(marked.json.data.negative_id);
    expect(await negativesOf()).toEqual([
      expect.objectContaining({ id: marked.json.data.negative_id, text, lang: 'en' }),
    ]);
    await expect.poll(() => answerTo(text), { timeout: 5000 }).toBe('');
    // the commands still answer their own messages
    expect(await answerTo('can I get a pizza')).toBe(PIZZA_REPLY);

    const removed = await call('DELETE', `/negative_example/${marked.json.data.negative_id}`);
    expect(removed.status).toBe(200);
    expect(await negativesOf()).toEqual([]);
    await expect.poll(() => answerTo(text), { timeout: 5000 }).toBe(PIZZA_REPLY);
    expect((await call('DELETE', `/negative_example/${marked.json.data.negative_id}`)).status).toBe(404);
  });

  it('"Wrong command?" makes the message an example of the command picked', async () => {
    const text = 'pizza oven closing time tonight';
    const sender = newSender(bot);
    const { turn_id: turnId } = await sender.send({ type: 'text', text });
    const corrected = await call('POST', `${turnPath(sender.senderId, turnId)}/correct`, {
      command_id: hoursId,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.json.data).toMatchObject({ command_id: hoursId, example_id: expect.any(Number) });
    const examples = await call('POST', `/command_example/get/${hoursId}`);
    expect(JSON.stringify(examples.json)).toContain(text);
    await expect.poll(() => answerTo(text), { timeout: 5000 }).toBe(HOURS_REPLY);
  });

  it('a message marked not for the bot and then corrected is an example again, not a negative one', async () => {
    const text = 'can I get a pizza for the kids';
    expect(await answerTo(text)).toBe(PIZZA_REPLY);
    const sender = newSender(bot);
    const { turn_id: turnId } = await sender.send({ type: 'text', text });
    expect((await call('POST', `${turnPath(sender.senderId, turnId)}/not_for_bot`)).status).toBe(200);
    expect((await negativesOf()).map((negative) => negative.text)).toEqual([text]);
    await call('POST', `${turnPath(sender.senderId, turnId)}/correct`, { command_id: pizzaId });
    expect(await negativesOf()).toEqual([]);
    await expect.poll(() => answerTo(text), { timeout: 5000 }).toBe(PIZZA_REPLY);
    // an example cannot be a negative example too
    const refused = await call('POST', `${turnPath(sender.senderId, turnId)}/not_for_bot`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors.turn_id).toBeDefined();
  });

  it('refuses what cannot be corrected, and another owner’s conversations, turns and commands', async () => {
    const sender = newSender(bot);
    const { turn_id: unknownTurn } = await sender.send({ type: 'text', text: 'zqxj vvqk' });
    const notUnderstood = await call('POST', `${turnPath(sender.senderId, unknownTurn)}/not_for_bot`);
    expect(notUnderstood.status).toBe(422);
    const { turn_id: pressed } = await sender.send({ type: 'postback', payload: 'nothing' });
    const button = await call('POST', `${turnPath(sender.senderId, pressed)}/correct`, {
      command_id: pizzaId,
    });
    expect(button.status).toBe(422);

    const other = newSender(bot);
    const { turn_id: othersTurn } = await other.send({ type: 'text', text: 'I want a pizza' });
    expect((await call('POST', `${turnPath(sender.senderId, othersTurn)}/not_for_bot`)).status).toBe(404);

    const stranger = await createBot(server);
    const theirs = await addCommand(stranger, { name: 'theirs', examples: ['their example'] });
    const foreign = await call('POST', `${turnPath(other.senderId, othersTurn)}/correct`, {
      command_id: theirs.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.command_id).toBeDefined();

    const intruder = await registerAndLogin(server);
    const path = turnPath(other.senderId, othersTurn);
    expect((await call('POST', `${path}/not_for_bot`, undefined, intruder.token)).status).toBe(404);
    expect((await call('POST', `${path}/correct`, { command_id: pizzaId }, intruder.token)).status).toBe(404);
    expect(
      (await call('GET', `/service/${bot.serviceId}/negative_examples`, undefined, intruder.token)).status,
    ).toBe(404);
    const marked = await call('POST', `${path}/not_for_bot`);
    expect(marked.status).toBe(422); // 'I want a pizza' is an example
    expect((await call('POST', `${path}/correct`, { command_id: 'x' })).status).toBe(422);
  });

  it('forgets a service’s negative examples with the service', async () => {
    const owner = await createBot(server);
    await addCommand(owner, {
      name: 'pizza',
      examples: ['I want a pizza', 'order a pizza please', 'can I get a pizza'],
      response: { resp_text: PIZZA_REPLY },
    });
    await addCommand(owner, {
      name: 'hours',
      examples: ['what time do you close', 'are you open on sunday'],
    });
    const text = 'can I get a pizza tonight';
    await expect.poll(() => answerTo(text, owner), { timeout: 5000 }).toBe(PIZZA_REPLY);
    const sender = newSender(owner);
    const { turn_id: turnId } = await sender.send({ type: 'text', text });
    const marked = await call(
      'POST',
      `${turnPath(sender.senderId, turnId)}/not_for_bot`,
      undefined,
      owner.token,
    );
    expect(marked.status).toBe(200);
    const negativeId = marked.json.data.negative_id;
    expect((await call('DELETE', `/negative_example/${negativeId}`)).status).toBe(404); // not bot's owner's
    const deleted = await call('POST', `/service/delete/${owner.serviceId}`, undefined, owner.token);
    expect(deleted.status).toBe(200);
    expect((await call('DELETE', `/negative_example/${negativeId}`, undefined, owner.token)).status).toBe(
      404,
    );
  });
});
