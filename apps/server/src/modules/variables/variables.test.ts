import { datasetMessages, variableMessages } from '@hiwar/contracts';
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
import { createDataset } from '../datasets/dataset-repository.ts';

describe.each(await testDatabaseKinds())('variables on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  async function ownerWithCommand() {
    const owner = await registerAndLogin(server);
    const serviceId = await createService(server, owner.token);
    const commandId = await createCommand(server, owner.token, serviceId);
    return { ...owner, serviceId, commandId };
  }

  async function save(token: string, varId: number, commandId: number, body: Record<string, unknown>) {
    return server.call('POST', `/api/command_var/save/${varId}/${commandId}`, { token, body });
  }

  async function browse(token: string, varId: number) {
    return server.call('GET', `/api/command_var/browse/${varId}`, { token });
  }

  describe('POST /command_var/save/{var_id}/{command_id}', () => {
    it('creates the whole variable record with the spec defaults', async () => {
      const { token, commandId } = await ownerWithCommand();
      const answer = await save(token, 0, commandId, {
        var_name: 'city',
        var_type: 'list',
        var_prompt: 'Which city?',
        var_val_list: ['Cairo', 'Berlin'],
        var_labels: [{ keyword: 'Cairo', syns: ['القاهرة'] }],
        var_val_stopwords: ['in'],
        var_fallback_type: 'options',
        var_fallback_options: [{ label: 'Cairo', val: 'Cairo' }],
      });
      expect(answer.json).toEqual({ status: 1, id: expect.any(Number), msg: 'Variable Saves Successfully' });
      const saved = await browse(token, answer.json.id);
      expect(saved.json.data).toMatchObject({
        var_command_id: commandId,
        var_name: 'city',
        var_type: 'list',
        var_prompt: 'Which city?',
        var_val_list: ['Cairo', 'Berlin'],
        var_labels: [{ keyword: 'Cairo', syns: ['القاهرة'] }],
        var_val_stopwords: ['in'],
        var_order: 1,
        var_is_preference: 0,
        var_is_preference_timeout: 1,
        var_default_val_type: 'txt',
        var_fallback_type: 'options',
        var_fallback_options: [{ label: 'Cairo', val: 'Cairo' }],
        var_status: 1,
      });
    });

    it('stores a datasetList as a list that keeps its dataset', async () => {
      const { token, userId, commandId } = await ownerWithCommand();
      const dataset = await createDataset(server.database.db, {
        userId,
        name: 'cities',
        schema: [{ name: 'name', type: 'text', permission: 'rw' }],
      });
      const answer = await save(token, 0, commandId, {
        var_name: 'city',
        var_type: 'datasetList',
        var_type_ds_id: dataset.ds_id,
        var_type_ds_field_where: 'name',
        var_val_list: ['Cairo'],
      });
      expect(answer.json.status).toBe(1);
      const wrongField = await save(token, 0, commandId, {
        var_name: 'town',
        var_type: 'search_DS',
        var_type_ds_id: dataset.ds_id,
        var_type_ds_field_return: 'population',
      });
      expect(wrongField.json).toMatchObject({
        status: 0,
        msg: datasetMessages.fieldUnknown,
        errors: { var_type_ds_field_return: [datasetMessages.fieldUnknown] },
      });
      expect((await browse(token, answer.json.id)).json.data).toMatchObject({
        var_type: 'list',
        var_type_ds_id: dataset.ds_id,
        var_type_ds_field_where: 'name',
      });
    });

    it('updates the variable with its id', async () => {
      const { token, commandId } = await ownerWithCommand();
      const varId = await createVariable(server, token, commandId, { var_name: 'code' });
      const answer = await save(token, varId, commandId, {
        var_name: 'code',
        var_type: 'regex',
        var_val_regex: '^[A-Z]{3}\\d+$',
        var_is_preference: 1,
        var_is_preference_timeout: 11,
        var_order: '3',
      });
      expect(answer.json).toMatchObject({ status: 1, id: varId });
      expect((await browse(token, varId)).json.data).toMatchObject({
        var_type: 'regex',
        var_val_regex: '^[A-Z]{3}\\d+$',
        var_is_preference: 1,
        var_is_preference_timeout: 11,
        var_order: 3,
      });
    });

    it.each([
      [{ var_name: '' }, variableMessages.nameRequired],
      [{ var_name: 'two words' }, variableMessages.nameCharacters],
      [{ var_name: 'x', var_type: 'text', var_val_text: '' }, variableMessages.textRequired],
      [{ var_name: 'x', var_type: 'regex' }, variableMessages.regexRequired],
      [{ var_name: 'x', var_type: 'regex', var_val_regex: '([a-z' }, variableMessages.regexInvalid],
      [{ var_name: 'x', var_type: 'list', var_val_list: [] }, variableMessages.listRequired],
      [{ var_name: 'x', var_type: 'datasetList', var_type_ds_id: 1 }, variableMessages.listRequired],
      [{ var_name: 'x', var_type: 'location', var_order: 1.5 }, variableMessages.orderInteger],
      [{ var_name: 'x', var_type: 'location', var_is_preference_timeout: 12 }, variableMessages.timeoutRange],
      [{ var_name: 'x', var_type: 'location', var_is_preference_timeout: 0 }, variableMessages.timeoutRange],
    ])('refuses %j with "%s"', async (body, message) => {
      const { token, commandId } = await ownerWithCommand();
      const answer = await save(token, 0, commandId, body);
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ status: 0, msg: message });
      const all = await server.call('GET', `/api/command_var/get_all/${commandId}`, { token });
      expect(all.json.data).toEqual([]);
    });

    it('refuses a duplicate name in the command and a redirect to another owner’s command', async () => {
      const { token, commandId } = await ownerWithCommand();
      const other = await ownerWithCommand();
      await createVariable(server, token, commandId, { var_name: 'city' });
      const duplicate = await save(token, 0, commandId, { var_name: 'city', var_type: 'location' });
      expect(duplicate.json).toMatchObject({ status: 0, msg: variableMessages.nameTaken });
      const redirect = await save(token, 0, commandId, {
        var_name: 'date',
        var_type: 'location',
        var_fallback_type: 'redir',
        var_fallback_redirect_command_id: other.commandId,
      });
      expect(redirect.status).toBe(422);
      expect(redirect.json).toMatchObject({
        msg: variableMessages.redirectNotFound,
        errors: { var_fallback_redirect_command_id: [variableMessages.redirectNotFound] },
      });
    });

    it('answers 404 for another owner’s command or variable and changes nothing', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const varId = await createVariable(server, alice.token, alice.commandId, { var_name: 'secret' });
      const intoForeign = await save(bob.token, 0, alice.commandId, { var_name: 'x', var_type: 'location' });
      expect(intoForeign.status).toBe(404);
      const overwrite = await save(bob.token, varId, bob.commandId, {
        var_name: 'stolen',
        var_type: 'location',
      });
      expect(overwrite.status).toBe(404);
      const invalidButForeign = await save(bob.token, varId, alice.commandId, { var_name: '' });
      expect(invalidButForeign.status).toBe(404);
      expect((await browse(alice.token, varId)).json.data.var_name).toBe('secret');
    });
  });

  describe('GET /command_var/browse/{var_id}', () => {
    it('answers the owner’s variable only', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const varId = await createVariable(server, alice.token, alice.commandId, { var_name: 'mine' });
      expect((await browse(alice.token, varId)).json).toMatchObject({ status: 1, data: { var_id: varId } });
      expect((await browse(bob.token, varId)).status).toBe(404);
      expect((await server.call('GET', '/api/command_var/browse/1.5', { token: alice.token })).status).toBe(
        422,
      );
    });
  });

  describe('POST /command_var/set_status/{var_id}', () => {
    it('toggles the status, refuses bad values and other owners', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const varId = await createVariable(server, alice.token, alice.commandId);
      const path = `/api/command_var/set_status/${varId}`;
      expect((await server.call('POST', path, { token: alice.token, body: { status: 0 } })).json).toEqual({
        status: 1,
      });
      expect((await browse(alice.token, varId)).json.data.var_status).toBe(0);
      expect((await server.call('POST', path, { token: alice.token, body: { status: 'on' } })).status).toBe(
        422,
      );
      expect((await server.call('POST', path, { token: bob.token, body: { status: 1 } })).status).toBe(404);
      expect((await browse(alice.token, varId)).json.data.var_status).toBe(0);
    });
  });

  describe('POST /command_var/delete/{var_id}', () => {
    it('deletes the variable and removes its tags from the command’s examples', async () => {
      const owner = await ownerWithCommand();
      const city = await createVariable(server, owner.token, owner.commandId, { var_name: 'city' });
      const day = await createVariable(server, owner.token, owner.commandId, {
        var_name: 'day',
        var_cursor_var_id: city,
      });
      await createExample(server, owner.token, owner.commandId, 'Cairo on Monday', [
        { tag: 'Cairo', type: city },
        { tag: 'Monday', type: day },
      ]);
      const answer = await server.call('POST', `/api/command_var/delete/${city}`, { token: owner.token });
      expect(answer.json).toEqual({ status: 1 });
      expect((await browse(owner.token, city)).status).toBe(404);
      const examples = await server.call('POST', `/api/command_example/get/${owner.commandId}`, {
        token: owner.token,
      });
      expect(examples.json.data[0].example_vars).toEqual([{ tag: 'Monday', type: day }]);
      expect((await browse(owner.token, day)).json.data.var_cursor_var_id).toBeNull();
    });

    it('refuses a malformed id and another owner’s variable, deleting nothing', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const varId = await createVariable(server, alice.token, alice.commandId);
      expect((await server.call('POST', '/api/command_var/delete/x', { token: alice.token })).status).toBe(
        422,
      );
      expect(
        (await server.call('POST', `/api/command_var/delete/${varId}`, { token: bob.token })).status,
      ).toBe(404);
      expect((await browse(alice.token, varId)).status).toBe(200);
    });
  });
});
