import { responseMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariable } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createDataset } from '../datasets/dataset-repository.ts';
import { ownerWithCommands } from './test-commands.ts';

const UNKNOWN = 987_654;

describe.each(await testDatabaseKinds())('response references on $label', (kind) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof ownerWithCommands>>;
  let stranger: Awaited<ReturnType<typeof ownerWithCommands>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await ownerWithCommands(server, 2);
    stranger = await ownerWithCommands(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const datasetOf = (userId: number, fields: { isPublic?: number; type?: 'menu' } = {}) =>
    createDataset(server.database.db, { userId, name: `set ${Math.random()}`, ...fields });
  const save = (record: unknown, commandId = owner.commandId) =>
    server.call('POST', `/api/command_response/save/${commandId}`, { token: owner.token, body: { record } });
  const load = (commandId = owner.commandId) =>
    server.call('GET', `/api/command_response/get/${commandId}`, { token: owner.token });

  async function expectRefusedFields(record: unknown, errors: Record<string, string>) {
    const before = (await load()).json.data;
    const answer = await save(record);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.status).toBe(0);
    expect(answer.json.errors).toEqual(
      Object.fromEntries(Object.entries(errors).map(([field, message]) => [`record.${field}`, [message]])),
    );
    expect((await load()).json.data).toEqual(before);
  }

  it("refuses another owner's private dataset, menu and variable, naming each field", async () => {
    const privateSet = await datasetOf(stranger.userId);
    const privateMenu = await datasetOf(stranger.userId, { type: 'menu' });
    const theirVariable = await createVariable(server, stranger.token, stranger.commandId);
    await expectRefusedFields(
      {
        resp_type: 'ds',
        resp_dataset_id: privateSet.ds_id,
        resp_menu_id: privateMenu.ds_id,
        resp_cart_quantity: theirVariable,
        resp_api_pars: [{ name: 'q', var_id: theirVariable }],
      },
      {
        resp_dataset_id: responseMessages.datasetNotFound,
        resp_menu_id: responseMessages.menuNotFound,
        resp_cart_quantity: responseMessages.variableNotFound,
        'resp_api_pars.0.var_id': responseMessages.variableNotFound,
      },
    );
  });

  it('refuses ids that do not exist in every place a response carries one', async () => {
    const parameter = { name: 'q', var_id: UNKNOWN };
    const receipt = { dataset_id: String(UNKNOWN) };
    await expectRefusedFields(
      {
        resp_quick_reply: [{ label: 'Go', command_id: UNKNOWN }],
        resp_dataset_id: UNKNOWN,
        resp_menu_id: UNKNOWN,
        resp_user_data_dataset_id: UNKNOWN,
        resp_user_data_pars: [parameter],
        resp_actions: [
          {
            resp_action_type: 'api',
            resp_action_api_url: 'https://x.test',
            resp_action_api_req_type: 'get',
            resp_action_api_pars: [parameter],
          },
        ],
        resp_api_resp_struct: { receipt },
        resp_static_cards_resp_struct: [{ title_key: 't', media_key: 'm', receipt }],
        resp_dataset: {
          ds_id: UNKNOWN,
          groups: [
            [
              { field_name: 'city', var_id: '0' },
              { field_name: 'day', var_id: 'abc' },
            ],
          ],
          resp: { receipt: { dataset_id: UNKNOWN } },
        },
      },
      {
        'resp_quick_reply.0.command_id': responseMessages.quickReplyCommandNotFound,
        resp_dataset_id: responseMessages.datasetNotFound,
        resp_menu_id: responseMessages.menuNotFound,
        resp_user_data_dataset_id: responseMessages.datasetNotFound,
        'resp_user_data_pars.0.var_id': responseMessages.variableNotFound,
        'resp_actions.0.resp_action_api_pars.0.var_id': responseMessages.variableNotFound,
        'resp_api_resp_struct.receipt.dataset_id': responseMessages.datasetNotFound,
        'resp_static_cards_resp_struct.0.receipt.dataset_id': responseMessages.datasetNotFound,
        'resp_dataset.ds_id': responseMessages.datasetNotFound,
        'resp_dataset.groups.0.1.var_id': responseMessages.variableNotFound,
        'resp_dataset.resp.receipt.dataset_id': responseMessages.datasetNotFound,
      },
    );
  });

  it('refuses a data source and a built-in component that do not exist, and subscription channels, which have no table yet', async () => {
    await expectRefusedFields(
      { resp_data_source_id: 1, resp_component_id: UNKNOWN, resp_sub_channel: 1 },
      {
        resp_data_source_id: responseMessages.dataSourceNotFound,
        resp_component_id: responseMessages.componentNotFound,
        resp_sub_channel: responseMessages.subscriptionChannelNotFound,
      },
    );
  });

  it("accepts the owner's own datasets, menu, variables and commands", async () => {
    const dataset = await datasetOf(owner.userId);
    const menu = await datasetOf(owner.userId, { type: 'menu' });
    const quantity = await createVariable(server, owner.token, owner.commandId);
    const record = {
      resp_type: 'shopping_cart',
      resp_menu_id: menu.ds_id,
      resp_cart_title: 'Pizza',
      resp_cart_quantity: quantity,
      resp_quick_reply: [{ label: 'More', command_id: owner.commandIds[1] }],
      resp_dataset_id: dataset.ds_id,
      resp_user_data_dataset_id: dataset.ds_id,
      resp_user_data_pars: [{ name: 'qty', var_id: quantity }],
      resp_dataset: {
        ds_id: String(dataset.ds_id),
        groups: [[{ field_name: 'n', var_id: String(quantity) }]],
      },
      resp_api_resp_struct: { receipt: { dataset_id: menu.ds_id } },
    };
    const answer = await save(record);
    expect(answer.json).toEqual({ status: 1, msg: responseMessages.updated });
    expect((await load()).json.data).toMatchObject({
      resp_menu_id: menu.ds_id,
      resp_dataset_id: dataset.ds_id,
      resp_user_data_dataset_id: dataset.ds_id,
      resp_cart_quantity: quantity,
    });
  });

  it("reads another owner's public dataset and menu, but never writes user data into them", async () => {
    const publicSet = await datasetOf(stranger.userId, { isPublic: 1 });
    const publicMenu = await datasetOf(stranger.userId, { isPublic: 1, type: 'menu' });
    const reading = { resp_type: 'menu', resp_menu_id: publicMenu.ds_id, resp_dataset_id: publicSet.ds_id };
    expect((await save(reading, owner.commandIds[1])).json.status).toBe(1);
    await expectRefusedFields(
      {
        resp_user_data_status: 1,
        resp_user_data_mode_name: 'insert',
        resp_user_data_dataset_id: publicSet.ds_id,
      },
      { resp_user_data_dataset_id: responseMessages.datasetNotFound },
    );
  });

  it('takes a built-in component by its fixed id, the same for every owner', async () => {
    const record = { resp_type: 'component', resp_component_id: 2 };
    expect((await save(record, owner.commandIds[1])).json.status).toBe(1);
    expect((await load(owner.commandIds[1])).json.data).toMatchObject(record);
    const picked = await server.call('POST', `/api/command-response/${stranger.commandId}/types`, {
      token: stranger.token,
      body: { resp_type: 'component', resp_component_id: 4 },
    });
    expect(picked.json.commandResponse).toMatchObject({ resp_type: 'component', resp_component_id: 4 });
  });

  it('takes only a menu as the menu', async () => {
    const dataset = await datasetOf(owner.userId);
    await expectRefusedFields(
      { resp_type: 'menu', resp_menu_id: dataset.ds_id },
      { resp_menu_id: responseMessages.menuNotFound },
    );
  });

  it('checks the id picked with a type the same way, leaving the record unchanged', async () => {
    const path = `/api/command-response/${owner.commandId}/types`;
    const pick = (body: unknown) => server.call('POST', path, { token: owner.token, body });
    const before = (await load()).json.data;
    const privateSet = await datasetOf(stranger.userId);
    const foreign = await pick({ resp_type: 'dataset', resp_dataset_id: privateSet.ds_id });
    expect(foreign.status, foreign.text).toBe(422);
    expect(foreign.json.errors).toEqual({ resp_dataset_id: [responseMessages.datasetNotFound] });
    const component = await pick({ resp_type: 'component', resp_component_id: UNKNOWN });
    expect(component.json.errors).toEqual({ resp_component_id: [responseMessages.componentNotFound] });
    expect((await load()).json.data).toEqual(before);
    const publicSet = await datasetOf(stranger.userId, { isPublic: 1 });
    const picked = await pick({ resp_type: 'dataset', resp_dataset_id: publicSet.ds_id });
    expect(picked.json.commandResponse).toMatchObject({ resp_type: 'ds', resp_dataset_id: publicSet.ds_id });
  });
});
