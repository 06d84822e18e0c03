import { responseMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createDataset } from '../datasets/dataset-repository.ts';
import { ownerWithCommands } from './test-commands.ts';

describe.each(await testDatabaseKinds())('command responses on $label', (kind) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof ownerWithCommands>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await ownerWithCommands(server, 3);
  });
  afterAll(async () => {
    await server.close();
  });

  const save = (record: unknown, commandId = owner.commandId, token = owner.token) =>
    server.call('POST', `/api/command_response/save/${commandId}`, { token, body: { record } });
  const load = (commandId = owner.commandId, token = owner.token) =>
    server.call('GET', `/api/command_response/get/${commandId}`, { token });

  async function expectRefused(record: unknown, field: string, message: string) {
    const answer = await save(record);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.status).toBe(0);
    expect(answer.json.errors[`record.${field}`]).toContain(message);
  }

  it('answers the defaults for a command without a response', async () => {
    const answer = await load(owner.commandIds[2]);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({
      resp_id: null,
      resp_command_id: owner.commandIds[2],
      resp_type: 'text',
      resp_text: '',
      resp_quick_reply: [],
      resp_api_extra_resp: { message: '', options: [] },
    });
    expect(answer.json.data.resp_api_resp_struct.buttons).toEqual([]);
  });

  it('saves a record and loads it back normalised', async () => {
    const quickReply = { label: 'Menu', value: 'menu', command_id: owner.commandIds[1] };
    const answer = await save({
      resp_type: 'static_cards',
      resp_text: 'Hello {{name}}',
      resp_quick_reply: [quickReply],
      resp_static_cards_resp_struct: [
        { title_default_value: 'Pizza', media_default_value: 'https://x.test/p.png' },
      ],
      resp_location_resp_struct: [{ title: 'Shop', lng: '31.2357', lat: 30.0444 }],
    });
    expect(answer.json).toEqual({ status: 1, msg: 'successfully updated' });
    const { data } = (await load()).json;
    expect(data.resp_type).toBe('static_cards');
    expect(data.resp_text).toBe('Hello {{name}}');
    expect(data.resp_quick_reply).toEqual([quickReply]);
    expect(data.resp_static_cards_resp_struct[0]).toMatchObject({
      title_default_value: 'Pizza',
      buttons: [],
    });
    expect(data.resp_location_resp_struct).toEqual([{ title: 'Shop', lng: 31.2357, lat: 30.0444 }]);
    expect(data.resp_id).toBeGreaterThan(0);
    expect(data.resp_api_pars).toEqual([]);
  });

  it('replaces the response on a second save (one per command)', async () => {
    await save({ resp_type: 'text', resp_text: 'first' }, owner.commandIds[1]);
    await save({ resp_type: 'text', resp_text: 'second' }, owner.commandIds[1]);
    expect((await load(owner.commandIds[1])).json.data.resp_text).toBe('second');
    const rows = await server.database.db
      .withTables<{ command_responses: { resp_command_id: number } }>()
      .selectFrom('command_responses')
      .select('resp_command_id')
      .where('resp_command_id', '=', owner.commandIds[1] ?? 0)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('turns an old list api extra response into {message, options} when loading', async () => {
    const { commandId, token } = await ownerWithCommands(server);
    await save({ resp_type: 'api', resp_api_url: 'https://api.test' }, commandId, token);
    const options = [{ label: 'More', value: 'more' }];
    await server.database.db
      .withTables<{ command_responses: { resp_record: string; resp_command_id: number } }>()
      .updateTable('command_responses')
      .set({ resp_record: JSON.stringify({ resp_type: 'api', resp_api_extra_resp: options }) })
      .where('resp_command_id', '=', commandId)
      .execute();
    const { data } = (await load(commandId, token)).json;
    expect(data.resp_api_extra_resp).toEqual({ message: '', options });
    expect(data.resp_static_cards_resp_struct).toEqual([]);
    expect(data.resp_api_resp_struct.buttons).toEqual([]);
  });

  it('applies the save rules of each response type with their messages', async () => {
    await expectRefused({ resp_type: 'menu' }, 'resp_menu_id', responseMessages.menuRequired);
    await expectRefused(
      { resp_type: 'shopping_cart', resp_menu_id: 3, resp_cart_action: 'insert' },
      'resp_cart_title',
      responseMessages.cartTitleRequired,
    );
    await expectRefused({ resp_type: 'shopping_cart' }, 'resp_menu_id', responseMessages.menuRequired);
    await expectRefused(
      { resp_type: 'shopping_cart', resp_cart_action: 'refund' },
      'resp_cart_action',
      responseMessages.cartActionRequired,
    );
    await expectRefused(
      { resp_user_data_status: 1 },
      'resp_user_data_mode_name',
      responseMessages.userDataModeRequired,
    );
    await expectRefused(
      { resp_type: 'api', resp_api_url: ' ' },
      'resp_api_url',
      responseMessages.apiUrlRequired,
    );
    await expectRefused(
      { resp_type: 'data_source' },
      'resp_data_source_id',
      responseMessages.dataSourceRequired,
    );
    await expectRefused({ resp_text: 'x'.repeat(2001) }, 'resp_text', responseMessages.textMax);
    const parameter = { name: 'q', var_id: null, var_default_value: '' };
    await expectRefused(
      { resp_api_pars: [parameter] },
      'resp_api_pars',
      responseMessages.parameterValueRequired,
    );
    const option = { label: 'More', value: 'more' };
    await expectRefused(
      { resp_menu_extra_options: [option, option] },
      'resp_menu_extra_options',
      responseMessages.optionLabelTaken,
    );
    const menu = await createDataset(server.database.db, {
      userId: owner.userId,
      name: 'menu',
      type: 'menu',
    });
    const viewReceipt = {
      resp_type: 'shopping_cart',
      resp_menu_id: menu.ds_id,
      resp_cart_action: 'view_receipt',
    };
    expect((await save(viewReceipt, owner.commandIds[2])).status).toBe(200);
  });

  it('refuses incomplete or too many static cards and locations', async () => {
    const card = { title_key: 'name', media_key: 'image' };
    const cards = 'resp_static_cards_resp_struct';
    await expectRefused({ [cards]: [{ title_key: 'name' }] }, cards, responseMessages.cardsIncomplete);
    await expectRefused({ [cards]: Array(6).fill(card) }, cards, responseMessages.cardsMax);
    const buttons = Array(4).fill({ item_label_default_value: 'Buy' });
    await expectRefused({ [cards]: [{ ...card, buttons }] }, cards, responseMessages.cardButtonsMax);
    const place = { title: 'Shop', lng: 31, lat: 30 };
    await expectRefused(
      { resp_location_resp_struct: [{ ...place, lat: 'north' }] },
      'resp_location_resp_struct.0.lat',
      responseMessages.locationsIncomplete,
    );
    await expectRefused(
      { resp_location_resp_struct: Array(6).fill(place) },
      'resp_location_resp_struct',
      responseMessages.locationsMax,
    );
  });

  it("refuses a quick reply that starts another owner's command", async () => {
    const other = await ownerWithCommands(server);
    await expectRefused(
      { resp_quick_reply: [{ label: 'Go', value: 'go', command_id: other.commandId }] },
      'resp_quick_reply.0.command_id',
      responseMessages.quickReplyCommandNotFound,
    );
  });

  it('stores the picked type with its id, keeps the rest and answers the record as commandResponse', async () => {
    const { commandId } = owner;
    await save({ resp_type: 'text', resp_text: 'kept' }, commandId);
    const path = `/api/command-response/${commandId}/types`;
    const missing = await server.call('POST', path, { token: owner.token, body: { resp_type: 'component' } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.resp_component_id).toEqual([responseMessages.componentRequired]);
    const dataset = await createDataset(server.database.db, { userId: owner.userId, name: 'picked' });
    const picked = await server.call('POST', path, {
      token: owner.token,
      body: { resp_type: 'dataset', resp_dataset_id: dataset.ds_id },
    });
    expect(picked.json.commandResponse).toMatchObject({
      resp_type: 'ds',
      resp_dataset_id: dataset.ds_id,
      resp_text: 'kept',
    });
    const types = await server.call('GET', path, { token: owner.token });
    const options = await server.call('GET', `/api/command-response/${commandId}/options`, {
      token: owner.token,
    });
    expect(types.json.commandResponse.resp_type).toBe('ds');
    expect(options.json.commandResponse).toEqual(types.json.commandResponse);
  });

  it("answers 404 for another owner's command and writes nothing", async () => {
    const stranger = await ownerWithCommands(server);
    const commandId = owner.commandId;
    const before = (await load()).json.data;
    const calls = [
      await load(commandId, stranger.token),
      await save({ resp_text: 'hijacked' }, commandId, stranger.token),
      await server.call('GET', `/api/command-response/${commandId}/types`, { token: stranger.token }),
      await server.call('GET', `/api/command-response/${commandId}/options`, { token: stranger.token }),
      await server.call('POST', `/api/command-response/${commandId}/types`, {
        token: stranger.token,
        body: { resp_type: 'text' },
      }),
      await load(999_999),
    ];
    for (const answer of calls) expect(answer.status, answer.text).toBe(404);
    expect((await load()).json.data).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await server.call('GET', `/api/command_response/get/${owner.commandId}`)).status).toBe(401);
  });
});
