import { responseMessages } from '@hiwar/contracts';
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

const SENDER_PROFILE = 1;
const DATE_AND_TIME = 2;
const MAP_LOCATIONS = 3;
const SAVED_RECORDS = 4;

const locationVariable = { var_name: 'here', var_type: 'location' as const, var_prompt: 'Where are you?' };
const textVariable = (var_name: string, var_prompt: string) => ({
  var_name,
  var_type: 'text' as const,
  var_val_text: 'x',
  var_prompt,
});

describe.each(await testDatabaseKinds())('component responses on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let stranger: TestBot;

  /** A command answering with the component; its variables are asked first, in order. */
  async function componentCommand(
    componentId: number,
    options: Record<string, unknown>,
    variables: Record<string, unknown>[] = [],
  ): Promise<number> {
    const { id } = await addCommand(bot, {
      name: `component ${Math.random()}`,
      examples: [],
      variables,
      response: { resp_type: 'component', resp_component_id: componentId, ...options },
    });
    return id;
  }

  async function saveMap(owner: TestBot, title: string, locations: [string, number, number][]) {
    const map = await server.call('POST', '/api/maps/0', { token: owner.token, body: { title } });
    for (const [name, x, y] of locations) {
      const saved = await server.call('POST', '/api/locations/0', {
        token: owner.token,
        body: { title: name, x, y, yaw: 90, map_id: map.json.data._id },
      });
      expect(saved.json.status, saved.text).toBe(1);
    }
  }

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    stranger = await createBot(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows the widget sender its own profile', async () => {
    const id = await componentCommand(SENDER_PROFILE, {
      resp_text: 'You are:',
      resp_component_resp_struct: { title_default_value: '{{platform}}:{{id}} ({{language}})' },
    });
    const sender = newSender(bot);
    expect(await sender.press(`cmd:${id}`)).toEqual([
      { type: 'text', text: 'You are:' },
      { type: 'text', text: `web:${sender.senderId} (en)` },
    ]);
    const other = newSender(bot);
    expect(await other.press(`cmd:${id}`)).toEqual([
      { type: 'text', text: 'You are:' },
      { type: 'text', text: `web:${other.senderId} (en)` },
    ]);
  });

  it('tells the date and time in the zone a timezone variable holds, else in UTC', async () => {
    const id = await componentCommand(
      DATE_AND_TIME,
      {
        resp_component_resp_struct: {
          title_key: 'datetime',
          subtitle_default_value: '{{weekday}}, {{timezone}}',
        },
      },
      [textVariable('timezone', 'Which zone?')],
    );
    const ask = async (zone: string) => {
      const sender = newSender(bot);
      expect(await sender.press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'Which zone?' }]);
      return sender.say(zone);
    };
    server.clock.now = new Date('2026-03-01T22:30:00.000Z');
    expect(await ask('Asia/Riyadh')).toEqual([
      { type: 'text', text: '2026-03-02 01:30 — Monday, Asia/Riyadh' },
    ]);
    expect(await ask('Mars/Olympus')).toEqual([{ type: 'text', text: '2026-03-01 22:30 — Sunday, UTC' }]);
    server.clock.now = new Date('2026-07-15T08:05:00.000Z');
    expect(await ask('asia/riyadh')).toEqual([
      { type: 'text', text: '2026-07-15 11:05 — Wednesday, Asia/Riyadh' },
    ]);
  });

  it('lists the owner’s map locations nearest first from the shared location, up to the limit', async () => {
    await saveMap(bot, 'Ground floor', [
      ['Door', 0, 0],
      ['Desk', 4, 4],
      ['Lab', 10, 3],
    ]);
    await saveMap(bot, 'Roof', [['Antenna', 4, 6]]);
    // another owner's location stands exactly where the sender is: never shown
    await saveMap(stranger, 'Ground floor', [['Kiosk', 4, 3]]);
    const options = {
      resp_component_resp_data_type: 'multi',
      resp_component_resp_data_limit: 3,
      resp_component_resp_struct: { title_key: 'title', subtitle_default_value: '{{map}}, {{distance}}' },
    };
    const nearest = await componentCommand(MAP_LOCATIONS, options, [locationVariable]);
    const sender = newSender(bot);
    expect(await sender.press(`cmd:${nearest}`)).toEqual([{ type: 'text', text: 'Where are you?' }]);
    // a shared point enters the map's plane as x = lat, y = lng (as the console's map picker reads x and y)
    const answer = await sender.send({ type: 'location', lat: 4, lng: 3 });
    expect(answer.replies).toEqual([
      { type: 'text', text: 'Desk — Ground floor, 1\nAntenna — Roof, 3\nDoor — Ground floor, 5' },
    ]);

    const onOneMap = await componentCommand(MAP_LOCATIONS, { ...options, resp_component_resp_via: 'card' }, [
      textVariable('map', 'Which map?'),
      locationVariable,
    ]);
    const visitor = newSender(bot);
    await visitor.press(`cmd:${onOneMap}`);
    expect(await visitor.say('roof')).toEqual([{ type: 'text', text: 'Where are you?' }]);
    const onRoof = await visitor.send({ type: 'location', lat: 4, lng: 3 });
    expect(onRoof.replies).toEqual([
      { type: 'cards', cards: [{ title: 'Antenna', subtitle: 'Roof, 3', media: '', buttons: [] }] },
    ]);
  });

  it('shows the sender its own saved records, newest first, never another sender’s or owner’s', async () => {
    const dataset = await server.call('POST', '/api/dataset/save/0', {
      token: bot.token,
      body: { ds_name: 'leads', ds_schema: [{ name: 'name', type: 'text', permission: 'rw' }] },
    });
    const datasetId = dataset.json.id;
    const { id: register, varIds } = await addCommand(bot, {
      name: 'register',
      examples: [],
      variables: [textVariable('name', 'Your name?')],
    });
    const saved = await server.call('POST', `/api/command_response/save/${register}`, {
      token: bot.token,
      body: {
        record: {
          resp_type: 'text',
          resp_text: 'Registered {{name}}.',
          resp_user_data_status: 1,
          resp_user_data_mode_name: 'insert',
          resp_user_data_dataset_id: datasetId,
          resp_user_data_pars: [{ name: 'name', var_id: varIds[0], var_name: 'name', var_default_value: '' }],
        },
      },
    });
    expect(saved.json.status, saved.text).toBe(1);
    const mine = await componentCommand(SAVED_RECORDS, {
      resp_fallback_msg: 'Nothing saved yet.',
      resp_component_resp_data_type: 'multi',
      resp_component_resp_data_limit: 5,
      resp_component_resp_struct: { title_key: 'name', subtitle_default_value: '{{dataset}} ({{__status}})' },
    });

    const sam = newSender(bot);
    const lee = newSender(bot);
    expect(await sam.press(`cmd:${mine}`)).toEqual([{ type: 'text', text: 'Nothing saved yet.' }]);
    for (const [sender, name] of [
      [sam, 'Sam'],
      [lee, 'Lee'],
      [sam, 'Samuel'],
    ] as const) {
      await sender.press(`cmd:${register}`);
      expect(await sender.say(name)).toEqual([{ type: 'text', text: `Registered ${name}.` }]);
    }
    // the same widget sender id in another owner's dataset is another bot's sender
    const theirs = await server.call('POST', '/api/dataset/save/0', {
      token: stranger.token,
      body: { ds_name: 'theirs', ds_schema: [{ name: 'name', type: 'text', permission: 'rw' }] },
    });
    await insertDatasetRecord(server.database.db, {
      dsId: theirs.json.id,
      userId: stranger.userId,
      senderId: `web:${sam.senderId}`,
      data: { name: 'Not yours' },
    });
    expect(await sam.press(`cmd:${mine}`)).toEqual([
      { type: 'text', text: 'Samuel — leads (0)\nSam — leads (0)' },
    ]);
    expect(await lee.press(`cmd:${mine}`)).toEqual([{ type: 'text', text: 'Lee — leads (0)' }]);
  });

  it('answers one item for data type single, and the component’s main field with an empty struct', async () => {
    const id = await componentCommand(SAVED_RECORDS, { resp_component_resp_data_limit: 5 });
    const sender = newSender(bot);
    await insertDatasetRecord(server.database.db, {
      dsId: (
        await server.call('POST', '/api/dataset/save/0', {
          token: bot.token,
          body: { ds_name: 'visits', ds_schema: [{ name: 'day', type: 'text', permission: 'rw' }] },
        })
      ).json.id,
      userId: bot.userId,
      senderId: `web:${sender.senderId}`,
      data: { day: 'Monday' },
    });
    expect(await sender.press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'visits' }]);
  });

  it('refuses to save an id that is no built-in component', async () => {
    const { id } = await addCommand(bot, { name: 'unknown component', examples: [] });
    const answer = await server.call('POST', `/api/command_response/save/${id}`, {
      token: bot.token,
      body: { record: { resp_type: 'component', resp_component_id: 99 } },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.errors).toEqual({ 'record.resp_component_id': [responseMessages.componentNotFound] });
  });
});
