import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import { insertDatasetRecord } from '../../datasets/dataset-record-repository.ts';
import type { RuntimeTables } from '../runtime-tables.ts';

const schema = [
  { name: 'name', type: 'text', permission: 'rw' },
  { name: 'city', type: 'text', permission: 'rw' },
  { name: 'age', type: 'number', permission: 'rw' },
  { name: 'place', type: 'location', permission: 'rw' },
  { name: 'photo', type: 'text', permission: 'rw' },
];
const point = (lat: number, lng: number, address: string) => ({
  type: 'Point',
  coordinates: [lng, lat],
  address,
});
/** Tahrir Square: the shared location of the NEARBY tests */
const TAHRIR = { lat: 30.0444, lng: 31.2357 };
const people = [
  {
    name: 'أحمد',
    city: 'Cairo',
    age: 30,
    place: point(30.0534, 31.2357, 'Garden City'),
    photo: 'https://img.test/a.png',
  },
  { name: 'محمود', city: 'Cairo', age: 9, place: point(30.0744, 31.2357, 'Shubra'), photo: '' },
  {
    name: 'Müller',
    city: 'Berlin',
    age: 100,
    place: point(52.52, 13.4, 'Mitte'),
    photo: 'https://img.test/m.png',
  },
  { name: 'Muller', city: 'Giza', age: 45, place: point(30.0489, 31.2357, 'Dokki'), photo: '' },
  { name: 'Zed', city: 'Alexandria', age: 20, place: point(31.2, 29.9, 'Corniche'), photo: '' },
];
const condition = (field_name: string, rel: string, value = '', var_id: number | null = null) => ({
  field_name,
  rel,
  value,
  var_id,
  field_type: '',
});
const active = condition('__status', '=', '1');

describe.each(await testDatabaseKinds())('dataset query responses on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let dsId: number;

  async function saveResponse(commandId: number, record: Record<string, unknown>, token = bot.token) {
    const saved = await server.call('POST', `/api/command_response/save/${commandId}`, {
      token,
      body: { record },
    });
    expect(saved.json?.status, saved.text).toBe(1);
  }

  /** A command answering from the dataset; started by its postback. */
  async function dsCommand(resp_dataset: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const { id } = await addCommand(bot, {
      name: `query ${Math.random()}`,
      examples: [],
      response: {
        resp_type: 'ds',
        resp_dataset_id: dsId,
        resp_dataset: { ds_id: dsId, ...resp_dataset },
        ...extra,
      },
    });
    return id;
  }

  async function ask(resp_dataset: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const id = await dsCommand(resp_dataset, extra);
    return newSender(bot).press(`cmd:${id}`);
  }

  const names = (via = 'text', limit = 10) => ({ via, limit, title: 'name' });

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const saved = await server.call('POST', '/api/dataset/save/0', {
      token: bot.token,
      body: { ds_name: 'People', ds_schema: schema },
    });
    dsId = saved.json.data.ds_id;
    for (const data of people)
      await insertDatasetRecord(server.database.db, { dsId, userId: bot.userId, data });
    await insertDatasetRecord(server.database.db, {
      dsId,
      userId: bot.userId,
      status: 0,
      data: { name: 'Hidden', city: 'Cairo', age: 50 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('compares texts with = and !=, with __status, and shows at most the limit', async () => {
    expect(await ask({ groups: [[condition('city', '=', 'Cairo'), active]], resp: names() })).toEqual([
      { type: 'text', text: 'أحمد\nمحمود' },
    ]);
    expect(await ask({ groups: [[condition('city', '=', 'Cairo')]], resp: names() })).toEqual([
      { type: 'text', text: 'أحمد\nمحمود\nHidden' },
    ]);
    expect(await ask({ groups: [[condition('city', '!=', 'Cairo')]], resp: names('text', 2) })).toEqual([
      { type: 'text', text: 'Müller\nMuller' },
    ]);
  });

  it('shows one record when the query sets no limit', async () => {
    expect(await ask({ groups: [[condition('city', '=', 'Cairo')]], resp: { title: 'name' } })).toEqual([
      { type: 'text', text: 'أحمد' },
    ]);
  });

  it('compares numbers as numbers', async () => {
    expect(await ask({ groups: [[condition('age', '>=', '30'), active]], resp: names() })).toEqual([
      { type: 'text', text: 'أحمد\nMüller\nMuller' },
    ]);
    expect(await ask({ groups: [[condition('age', '<=', '20')]], resp: names() })).toEqual([
      { type: 'text', text: 'محمود\nZed' },
    ]);
  });

  it('OR-s the groups and AND-s the elements of a group', async () => {
    const groups = [
      [condition('city', '=', 'Cairo'), condition('age', '>=', '20'), active],
      [condition('name', '=', 'Zed')],
    ];
    expect(await ask({ groups, resp: names() })).toEqual([{ type: 'text', text: 'أحمد\nZed' }]);
  });

  it('finds أحمد for احمد from a variable (Arabic letter forms and diacritics folded)', async () => {
    const { id, varIds } = await addCommand(bot, {
      name: 'who',
      examples: [],
      variables: [{ var_name: 'who', var_type: 'text', var_val_text: 'x', var_prompt: 'Who?' }],
    });
    await saveResponse(id, {
      resp_type: 'ds',
      resp_dataset_id: dsId,
      resp_dataset: { ds_id: dsId, groups: [[condition('name', 'LIKE', '', varIds[0])]], resp: names() },
    });
    for (const typed of ['احمد', 'أَحْمَـد']) {
      const sender = newSender(bot);
      expect(await sender.press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'Who?' }]);
      expect(await sender.say(typed)).toEqual([{ type: 'text', text: 'أحمد' }]);
    }
  });

  it('folds German umlauts and case on both sides of LIKE', async () => {
    for (const typed of ['muller', 'MÜLLER', 'üll']) {
      expect(await ask({ groups: [[condition('name', 'LIKE', typed)]], resp: names() })).toEqual([
        { type: 'text', text: 'Müller\nMuller' },
      ]);
    }
  });

  it('answers NEARBY nearest first from the shared location, as cards, within the radius', async () => {
    const { id } = await addCommand(bot, {
      name: 'near me',
      examples: [],
      variables: [{ var_name: 'here', var_type: 'location', var_prompt: 'Where are you?' }],
    });
    const resp = {
      via: 'card',
      limit: 5,
      title: 'name',
      subtitle: '{{__distance_km}} km, {{city}}',
      media: 'photo',
      buttons: [{ label: 'More', value: 'more about {{name}}' }],
    };
    const cardsWithin = async (radius: string) => {
      await saveResponse(id, {
        resp_type: 'ds',
        resp_dataset_id: dsId,
        resp_dataset: { ds_id: dsId, groups: [[condition('place', 'NEARBY', radius)]], resp },
      });
      const sender = newSender(bot);
      await sender.press(`cmd:${id}`);
      const replies = await sender.send({ type: 'location', ...TAHRIR });
      return replies.replies;
    };
    expect(await cardsWithin('')).toEqual([
      {
        type: 'cards',
        cards: [
          {
            title: 'Muller',
            subtitle: '0.5 km, Giza',
            media: '',
            buttons: [{ label: 'More', type: 'postback', value: 'more about Muller' }],
          },
          {
            title: 'أحمد',
            subtitle: '1 km, Cairo',
            media: 'https://img.test/a.png',
            buttons: [{ label: 'More', type: 'postback', value: 'more about أحمد' }],
          },
          {
            title: 'محمود',
            subtitle: '3.34 km, Cairo',
            media: '',
            buttons: [{ label: 'More', type: 'postback', value: 'more about محمود' }],
          },
        ],
      },
    ]);
    const [within2km] = (await cardsWithin('2')) as { cards: { title: string }[] }[];
    expect(within2km?.cards.map((card) => card.title)).toEqual(['Muller', 'أحمد']);
  });

  it('answers NEARBY from a location variable given as text', async () => {
    const { id, varIds } = await addCommand(bot, {
      name: 'near there',
      examples: [],
      variables: [{ var_name: 'there', var_type: 'location', var_prompt: 'Where?' }],
    });
    await saveResponse(id, {
      resp_type: 'ds',
      resp_dataset_id: dsId,
      resp_dataset: { ds_id: dsId, groups: [[condition('place', 'NEARBY', '5', varIds[0])]], resp: names() },
    });
    const sender = newSender(bot);
    await sender.press(`cmd:${id}`);
    expect(await sender.say('30.0744,31.2357')).toEqual([{ type: 'text', text: 'محمود\nأحمد\nMuller' }]);
  });

  it('reads only the sender’s own records through __sender_id', async () => {
    const id = await dsCommand(
      { groups: [[condition('__sender_id', '=')]], resp: names() },
      { resp_fallback_msg: 'None yet.' },
    );
    const owner = newSender(bot);
    await insertDatasetRecord(server.database.db, {
      dsId,
      userId: bot.userId,
      senderId: `web:${owner.senderId}`,
      data: { name: 'My order', city: 'Online' },
    });
    expect(await owner.press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'My order' }]);
    expect(await newSender(bot).press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'None yet.' }]);
  });

  it('renders quick replies under the response text, and images', async () => {
    const quick = { via: 'quick_rep', limit: 2, item_label: 'name', item_value: 'pick {{city}}' };
    expect(
      await ask({ groups: [[condition('city', '=', 'Cairo')]], resp: quick }, { resp_text: 'Choose one:' }),
    ).toEqual([
      {
        type: 'quick_replies',
        text: 'Choose one:',
        replies: [
          { label: 'أحمد', payload: 'pick Cairo' },
          { label: 'محمود', payload: 'pick Cairo' },
        ],
      },
    ]);
    const images = { via: 'Image', limit: 10, media: 'photo' };
    expect(await ask({ groups: [[active]], resp: images }, { resp_text: 'Photos:' })).toEqual([
      { type: 'text', text: 'Photos:' },
      { type: 'image', url: 'https://img.test/a.png' },
      { type: 'image', url: 'https://img.test/m.png' },
    ]);
  });

  it('renders a receipt of the matching records, with its text form', async () => {
    const receipt = { currency: 'USD', elem_title_col: 'name', elem_price_col: 'age', total_tax: '10%' };
    const replies = await ask({
      groups: [[condition('city', '=', 'Cairo'), active]],
      resp: { via: 'receipt', limit: 5, receipt },
    });
    expect(replies).toEqual([
      {
        type: 'receipt',
        items: [
          { title: 'أحمد', quantity: 1, price: 30 },
          { title: 'محمود', quantity: 1, price: 9 },
        ],
        subtotal: 39,
        tax: 3.9,
        shipping: 0,
        total: 42.9,
        currency: 'USD',
        payment_method: '',
        text: [
          '• أحمد × 1 = 30 USD',
          '• محمود × 1 = 9 USD',
          'Subtotal: 39 USD',
          'Tax: 3.90 USD',
          'Total: 42.90 USD',
        ].join('\n'),
      },
    ]);
  });

  it('answers the query’s fallback message when nothing matches, else the response’s', async () => {
    const none = [[condition('city', '=', 'Atlantis')]];
    expect(await ask({ groups: none, resp: { ...names(), fallback_msg: 'Nobody in {{city}}.' } })).toEqual([
      { type: 'text', text: 'Nobody in {{city}}.' },
    ]);
    expect(await ask({ groups: none, resp: names() }, { resp_fallback_msg: 'No match.' })).toEqual([
      { type: 'text', text: 'No match.' },
    ]);
  });

  it('never reads another owner’s private dataset, and shows why only in the trace', async () => {
    const other = await createBot(server);
    const body = { ds_name: 'Shared', ds_schema: schema, is_public: 1 };
    const shared = (await server.call('POST', '/api/dataset/save/0', { token: other.token, body })).json.data
      .ds_id;
    await insertDatasetRecord(server.database.db, {
      dsId: shared,
      userId: other.userId,
      data: { name: 'Secret' },
    });
    const { id } = await addCommand(bot, {
      name: 'borrowed',
      examples: ['who is in the shared list', 'shared people list', 'list the shared people'],
    });
    await saveResponse(id, {
      resp_type: 'ds',
      resp_dataset_id: shared,
      resp_dataset: { ds_id: shared, groups: [], resp: names() },
      resp_fallback_msg: 'Not available.',
    });
    expect(await newSender(bot).press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'Secret' }]);
    const closed = await server.call('POST', `/api/dataset/save/${shared}`, {
      token: other.token,
      body: { ...body, is_public: 0 },
    });
    expect(closed.json.status, closed.text).toBe(1);
    const stranger = newSender(bot);
    const { turn_id } = await stranger.send({ type: 'postback', payload: `cmd:${id}` });
    const turn = await server.database.db
      .withTables<RuntimeTables>()
      .selectFrom('conversation_turns')
      .select(['replies', 'trace'])
      .where('id', '=', turn_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(turn.replies)).toEqual([{ type: 'text', text: 'Not available.' }]);
    expect(JSON.parse(turn.trace)).toContainEqual(
      expect.objectContaining({
        step: 'response',
        note: expect.stringContaining(`dataset ${shared} is not readable`),
      }),
    );
    const debug = await server.call(
      'GET',
      `/api/debug?message=${encodeURIComponent('who is in the shared list')}`,
      {
        token: bot.token,
      },
    );
    expect(debug.json.data.replies).toEqual([{ type: 'text', text: 'Not available.' }]);
  });
});
