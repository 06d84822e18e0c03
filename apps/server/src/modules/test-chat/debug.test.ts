import { defaultChatbotSettings, nluMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  createCommand,
  createExample,
  createService,
  createVariable,
} from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertDatasetRecord } from '../datasets/dataset-record-repository.ts';
import { createDataset } from '../datasets/dataset-repository.ts';

const pizzaExamples = [
  'i want to order a pizza',
  'order a large pizza please',
  'can i get a pizza delivered',
  'i would like to order pizza',
];
const weatherExamples = [
  'what is the weather today',
  'will it rain tomorrow',
  'weather forecast please',
  'is it sunny outside',
];
const arabicGreeting = ['مرحبا', 'السلام عليكم', 'اهلا وسهلا', 'صباح الخير يا صديقي'];
const arabicOrder = ['اريد ان اطلب بيتزا', 'اطلب بيتزا كبيرة من فضلك', 'ممكن بيتزا', 'عايز اطلب اكل'];
const germanWeather = [
  'wie ist das wetter heute',
  'wird es morgen regnen',
  'wettervorhersage für berlin',
  'scheint die sonne',
];
const germanOrder = [
  'ich möchte eine pizza bestellen',
  'pizza bestellen bitte',
  'kann ich eine pizza haben',
  'essen bestellen',
];

describe.each(await testDatabaseKinds())('GET /debug on $label', (kind) => {
  let server: TestServer;
  let alice: { token: string };
  let bob: { token: string };
  const ids: Record<string, number> = {};

  async function commandWith(token: string, serviceId: number, name: string, lang: string, texts: string[]) {
    const commandId = await createCommand(server, token, serviceId, {
      command_name: name,
      command_lang: lang,
    });
    for (const text of texts) await createExample(server, token, commandId, text);
    return commandId;
  }

  const debug = (token: string, message: string) =>
    server.call('GET', `/api/debug?message=${encodeURIComponent(message)}`, { token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await registerAndLogin(server);
    bob = await registerAndLogin(server);
    const shop = await createService(server, alice.token, { service_name: 'Shop' });
    ids.pizza = await commandWith(alice.token, shop, 'order_pizza', 'en', pizzaExamples);
    ids.size = await createVariable(server, alice.token, ids.pizza, {
      var_name: 'size',
      var_type: 'list',
      var_val_list: ['medium'],
      var_labels: [
        { keyword: 'large', syns: ['big'] },
        { keyword: 'small', syns: ['little'] },
      ],
    });
    ids.count = await createVariable(server, alice.token, ids.pizza, {
      var_name: 'count',
      var_type: 'component',
      entity_name: 'number',
    });
    ids.topping = await createVariable(server, alice.token, ids.pizza, {
      var_name: 'topping',
      var_type: 'search',
    });
    await createExample(server, alice.token, ids.pizza, 'i want a pizza with mushrooms', [
      { tag: 'mushrooms', type: ids.topping },
    ]);
    await createExample(server, alice.token, ids.pizza, 'pizza with olives please', [
      { tag: 'olives', type: ids.topping },
    ]);
    const response = await server.call('POST', `/api/command_response/save/${ids.pizza}`, {
      token: alice.token,
      body: {
        record: { resp_type: 'text', resp_text: '{{count}} {{size}} pizzas with {{topping}}, coming up' },
      },
    });
    expect(response.json.status).toBe(1);
    const chatbot = await server.call('POST', '/api/chatbot/save', {
      token: alice.token,
      body: {
        ...defaultChatbotSettings(),
        chatbot_fallback_type: 'text',
        chatbot_fallback_msg: 'Sorry, say again?',
      },
    });
    expect(chatbot.json.status).toBe(1);
    ids.weather = await commandWith(alice.token, shop, 'weather', 'en', weatherExamples);
    ids.greeting = await commandWith(alice.token, shop, 'تحية', 'ar', arabicGreeting);
    ids.orderAr = await commandWith(alice.token, shop, 'طلب', 'ar', arabicOrder);
    ids.wetter = await commandWith(alice.token, shop, 'wetter', 'de', germanWeather);
    ids.bestellen = await commandWith(alice.token, shop, 'bestellen', 'de', germanOrder);
    const bobShop = await createService(server, bob.token, { service_name: 'Bob shop' });
    ids.bobOrder = await commandWith(bob.token, bobShop, 'secret_order', 'en', pizzaExamples);
  });

  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['en', 'i would like a pizza', 'pizza'],
    ['en', 'will it rain today', 'weather'],
    ['ar', 'السلام عليكم يا صديقي', 'greeting'],
    ['ar', 'اريد بيتزا كبيرة', 'orderAr'],
    ['de', 'wird es heute regnen', 'wetter'],
    ['de', 'ich will pizza bestellen', 'bestellen'],
  ])('picks the right %s command for “%s”', async (lang, message, command) => {
    const answer = await debug(alice.token, message);
    expect(answer.status).toBe(200);
    expect(answer.json.data.lang).toBe(lang);
    expect(answer.json.data.matched_command).toMatchObject({
      command_id: ids[command],
      service_name: 'Shop',
    });
    expect(answer.json.data.similar_vectors.top_commands[0].command_id).toBe(ids[command]);
  });

  it('fills a list variable through a misspelt synonym, a number and a value learned from tagged examples', async () => {
    const answer = await debug(alice.token, 'i want to order 3 litle pizzas with pepperoni');
    const data = answer.json.data;
    expect(data.matched_command).toMatchObject({ command_id: ids.pizza, command_name: 'order_pizza' });
    expect(data.command_variables).toMatchObject({ size: 'small', count: 3, topping: 'pepperoni' });
    // every variable was found, so the command ran to its end and the bank is idle again
    expect(data.sender_bank).toMatchObject({ in_progress: false, cursor: null });
    expect(JSON.stringify(data.replies)).toContain('3 small pizzas with pepperoni, coming up');
    expect(data.entities).toContainEqual(expect.objectContaining({ type: 'number', value: 3 }));
    expect(data.cosine_threshold).toBeGreaterThanOrEqual(0);
    expect(data.similar_commands.top_commands.length).toBeGreaterThan(0);
  });

  it('fills a search_DS variable from its dataset and answers the record’s return field', async () => {
    const { userId } = await server.call('GET', '/api/user/me', { token: alice.token }).then((me) => ({
      userId: me.json.data.user_id as number,
    }));
    const dataset = await createDataset(server.database.db, {
      userId,
      name: 'Airports',
      schema: [
        { name: 'city', type: 'text', permission: 'r' },
        { name: 'code', type: 'text', permission: 'r' },
      ],
    });
    for (const [city, code] of [
      ['Cairo', 'CAI'],
      ['Alexandria', 'HBE'],
      ['Luxor', 'LXR'],
    ]) {
      await insertDatasetRecord(server.database.db, { dsId: dataset.ds_id, userId, data: { city, code } });
    }
    const serviceId = await createService(server, alice.token);
    const fly = await commandWith(alice.token, serviceId, 'book_flight', 'en', [
      'book a flight to cairo',
      'i need a plane ticket',
      'fly me somewhere',
    ]);
    await createVariable(server, alice.token, fly, {
      var_name: 'airport',
      var_type: 'search_DS',
      var_type_ds_id: dataset.ds_id,
      var_type_ds_field_where: 'city',
      var_type_ds_field_return: 'code',
    });
    const data = (await debug(alice.token, 'book a flight to alexandria')).json.data;
    expect(data.matched_command?.command_id).toBe(fly);
    expect(data.command_variables).toEqual({ airport: 'HBE' });
  });

  it('prompts for the first missing variable in the sender bank', async () => {
    const answer = await debug(alice.token, 'i want to order a pizza');
    const bank = answer.json.data.sender_bank;
    expect(bank).toMatchObject({ command_id: ids.pizza, in_progress: true, cursor: ids.size });
    expect(bank.prompt.vars).toContain('size');
    expect(bank.msg).toBe('i want to order a pizza');
  });

  it('reflects a saved example within a second, without training', async () => {
    const serviceId = await createService(server, alice.token);
    const tracking = await createCommand(server, alice.token, serviceId, {
      command_name: 'track_parcel',
      command_lang: 'en',
    });
    await createExample(server, alice.token, tracking, 'where is my parcel right now');
    const savedAt = Date.now();
    let matched: number | undefined;
    while (Date.now() - savedAt < 1000 && matched !== tracking) {
      matched = (await debug(alice.token, 'where is my parcel')).json.data.matched_command?.command_id;
    }
    expect(matched).toBe(tracking);
  });

  it('drops a switched-off command at once and brings it back when switched on', async () => {
    const off = await server.call('POST', `/api/command/set_status/${ids.weather}`, {
      token: alice.token,
      body: { status: 0 },
    });
    expect(off.json.status).toBe(1);
    const without = (await debug(alice.token, 'will it rain today')).json.data;
    expect(
      without.similar_vectors.top_commands.map((entry: { command_id: number }) => entry.command_id),
    ).not.toContain(ids.weather);
    await server.call('POST', `/api/command/set_status/${ids.weather}`, {
      token: alice.token,
      body: { status: 1 },
    });
    expect((await debug(alice.token, 'will it rain today')).json.data.matched_command?.command_id).toBe(
      ids.weather,
    );
  });

  it('answers out of scope below the threshold once trained', async () => {
    await server.call('GET', '/api/command_example/train', { token: alice.token });
    const deadline = Date.now() + 20_000;
    while (
      (await server.call('GET', '/api/command_example/check-if-free', { token: alice.token })).json.status !==
      1
    ) {
      if (Date.now() > deadline) throw new Error('training did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await debug(alice.token, 'the quick brown fox jumps');
    expect(answer.json.data.cosine_threshold).toBeGreaterThan(0);
    expect(answer.json.data.matched_command).toBeNull();
    expect(JSON.stringify(answer.json.data.replies)).toContain('Sorry, say again?');
    expect((await debug(alice.token, 'will it rain today')).json.data.matched_command?.command_id).toBe(
      ids.weather,
    );
  });

  it('never shows another owner’s commands or examples', async () => {
    const mine = (await debug(alice.token, 'i want to order a pizza')).json.data;
    const seen = [
      mine.matched_command?.command_id,
      ...mine.similar_vectors.top_commands.map((entry: { command_id: number }) => entry.command_id),
      ...mine.similar_vectors.top_examples.map((entry: { command_id: number }) => entry.command_id),
      ...mine.similar_commands.top_commands.map((entry: { command_id: number }) => entry.command_id),
    ];
    expect(seen).not.toContain(ids.bobOrder);
    const theirs = (await debug(bob.token, 'i want to order a pizza')).json.data;
    expect(theirs.matched_command.command_id).toBe(ids.bobOrder);
    expect(
      theirs.similar_vectors.top_commands.every(
        (entry: { command_id: number }) => entry.command_id === ids.bobOrder,
      ),
    ).toBe(true);
  });

  it('requires the message and a signed-in user', async () => {
    const missing = await server.call('GET', '/api/debug', { token: alice.token });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.message).toEqual([nluMessages.messageRequired]);
    const blank = await debug(alice.token, '   ');
    expect(blank.status).toBe(422);
    expect((await server.call('GET', '/api/debug?message=hi')).status).toBe(401);
  });
});
