import { datasetInUseMessage, datasetMessages, fieldExistsMessage, menuFixedFields } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('dataset structure calls on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const schema = [
    { name: 'city', type: 'text', permission: 'rw' },
    { name: 'population', type: 'text', permission: 'rw' },
    { name: 'code', type: 'text', permission: 'r' },
  ];

  async function saved(token: string, body: Record<string, unknown>, id = 0) {
    const answer = await server.call('POST', `/api/dataset/save/${id}`, { token, body });
    expect(answer.json.status, answer.text).toBe(1);
    return answer.json.data;
  }

  async function insert(token: string, dsId: number, record: Record<string, unknown>) {
    const answer = await server.call('POST', '/api/dataset/insert_data', {
      token,
      body: { schema: dsId, record },
    });
    expect(answer.json.status, answer.text).toBe(1);
    return answer.json.data;
  }

  const page = (token: string, dsId: number) =>
    server.call('POST', '/api/dataset/get-with-keys', { token, body: { ds_id: dsId } });

  describe('POST /dataset/save/{id}', () => {
    it('creates with 0, then changes name, status, public flag and schema of the same dataset', async () => {
      const { token, userId } = await registerAndLogin(server);
      const created = await saved(token, { ds_name: 'Cities', ds_schema: schema });
      expect(created).toMatchObject({ user_id: userId, ds_name: 'Cities', ds_type: 'dataset', ds_status: 1 });
      expect(created.ds_schema).toEqual(schema);
      const changed = await saved(
        token,
        {
          ds_name: 'Towns',
          ds_status: 0,
          is_public: 1,
          ds_schema: [...schema, { name: 'zip', type: 'number' }],
        },
        created.ds_id,
      );
      expect(changed).toMatchObject({ ds_id: created.ds_id, ds_name: 'Towns', ds_status: 0, is_public: 1 });
      expect(changed.ds_schema.at(-1)).toEqual({ name: 'zip', type: 'number', permission: 'rw' });
    });

    it('builds a menu on the fixed read-only fields and makes its other fields read-write', async () => {
      const { token } = await registerAndLogin(server);
      const menu = await saved(token, {
        ds_type: 'menu',
        menu_name: 'Drinks',
        ds_tax: 2.5,
        ds_shipping: '1',
        ds_schema: [
          { name: 'price', type: 'text', permission: 'rw' },
          { name: 'size', type: 'text', permission: 'r' },
        ],
      });
      expect(menu).toMatchObject({ ds_type: 'menu', ds_name: 'Drinks', ds_tax: 2.5, ds_shipping: 1 });
      expect(menu.ds_schema).toEqual([...menuFixedFields, { name: 'size', type: 'text', permission: 'rw' }]);
      // a save keeps the menu a menu, and its name comes as menu_name
      const renamed = await saved(token, { menu_name: 'Hot drinks', ds_type: 'dataset' }, menu.ds_id);
      expect(renamed).toMatchObject({ ds_type: 'menu', ds_name: 'Hot drinks' });
      expect(renamed.ds_schema).toEqual(menu.ds_schema);
    });

    it("keeps a menu's currency and payment method (EGP and cash by default); a plain dataset ignores them", async () => {
      const { token } = await registerAndLogin(server);
      const browse = async (id: number) =>
        (await server.call('GET', `/api/dataset/browse/${id}`, { token })).json.data;
      const menu = await saved(token, { ds_type: 'menu', menu_name: 'Lunch' });
      expect(menu).toMatchObject({ ds_currency: 'EGP', ds_payment_method: 'cash' });
      await saved(token, { menu_name: 'Lunch', ds_currency: 'USD', ds_payment_method: 'visa' }, menu.ds_id);
      expect(await browse(menu.ds_id)).toMatchObject({ ds_currency: 'USD', ds_payment_method: 'visa' });
      // a save that does not name them keeps them
      await saved(token, { menu_name: 'Dinner', ds_tax: 10 }, menu.ds_id);
      expect(await browse(menu.ds_id)).toMatchObject({
        ds_name: 'Dinner',
        ds_tax: 10,
        ds_currency: 'USD',
        ds_payment_method: 'visa',
      });
      const created = await saved(token, {
        ds_type: 'menu',
        menu_name: 'Saudi',
        ds_currency: 'RSA',
        ds_payment_method: 'cash',
      });
      expect(await browse(created.ds_id)).toMatchObject({ ds_currency: 'RSA', ds_payment_method: 'cash' });

      const call = (body: unknown, id: number) =>
        server.call('POST', `/api/dataset/save/${id}`, { token, body });
      const unknown = await call(
        { menu_name: 'Dinner', ds_currency: 'EUR', ds_payment_method: 'bitcoin' },
        menu.ds_id,
      );
      expect(unknown.status).toBe(422);
      expect(unknown.json.errors).toEqual({
        ds_currency: [datasetMessages.currencyInvalid],
        ds_payment_method: [datasetMessages.paymentMethodInvalid],
      });
      expect(await browse(menu.ds_id)).toMatchObject({ ds_currency: 'USD', ds_payment_method: 'visa' });

      const dataset = await saved(token, {
        ds_name: 'Cities',
        ds_currency: 'USD',
        ds_payment_method: 'visa',
      });
      expect(dataset).toMatchObject({ ds_type: 'dataset', ds_currency: 'EGP', ds_payment_method: 'cash' });
      await saved(token, { ds_name: 'Cities', ds_currency: 'RSA' }, dataset.ds_id);
      expect(await browse(dataset.ds_id)).toMatchObject({ ds_currency: 'EGP', ds_payment_method: 'cash' });
    });

    it('answers each validation message', async () => {
      const { token } = await registerAndLogin(server);
      const call = (body: unknown, id = 0) => server.call('POST', `/api/dataset/save/${id}`, { token, body });
      expect((await call({ ds_name: ' ' })).json.errors).toEqual({ ds_name: [datasetMessages.nameRequired] });
      expect((await call({ ds_type: 'menu' })).json.errors).toEqual({
        menu_name: [datasetMessages.menuNameRequired],
      });
      const twice = await call({ ds_name: 'a', ds_schema: [schema[0], { name: 'city', type: 'number' }] });
      expect(twice.status).toBe(422);
      expect(twice.json.errors).toEqual({ ds_schema: [fieldExistsMessage('city')] });
      const missing = await call({ ds_name: 'a', ds_schema: [{ name: '' }] });
      expect(missing.json.errors).toEqual({
        'ds_schema.0.name': [datasetMessages.missingData],
        'ds_schema.0.type': [datasetMessages.missingData],
      });
      const reserved = await call({ ds_name: 'a', ds_schema: [{ name: '__status', type: 'text' }] });
      expect(reserved.json.errors).toEqual({ 'ds_schema.0.name': [datasetMessages.fieldNameReserved] });
      const tooMany = Array.from({ length: 51 }, (_, index) => ({ name: `f${index}`, type: 'text' }));
      expect((await call({ ds_name: 'a', ds_schema: tooMany })).json.errors).toEqual({
        ds_schema: [datasetMessages.tooManyFields],
      });
      const dataset = await saved(token, { ds_name: 'Cities', ds_schema: schema });
      const readOnlyDropped = await call({ ds_name: 'Cities', ds_schema: schema.slice(0, 2) }, dataset.ds_id);
      expect(readOnlyDropped.json.errors).toEqual({ ds_schema: [datasetMessages.fieldReadOnly] });
    });

    it('removes a dropped field from the records and converts a retyped one', async () => {
      const { token } = await registerAndLogin(server);
      const dataset = await saved(token, { ds_name: 'Cities', ds_schema: schema });
      await insert(token, dataset.ds_id, { city: 'Cairo', population: '9500000', code: 'CAI' });
      await saved(
        token,
        { ds_name: 'Cities', ds_schema: [{ name: 'population', type: 'number' }, schema[2]] },
        dataset.ds_id,
      );
      const records = await page(token, dataset.ds_id);
      expect(records.json.data[0]).toMatchObject({ population: 9500000, code: 'CAI' });
      expect(records.json.data[0]).not.toHaveProperty('city');
      const search = await server.call('POST', '/api/dataset/get-with-keys', {
        token,
        body: { ds_id: dataset.ds_id, keywords: 'cairo' },
      });
      expect(search.json.total).toBe(0);
    });

    it('never writes another owner’s dataset, public or not', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await saved(alice.token, { ds_name: 'Shared', is_public: 1 });
      const answer = await server.call('POST', `/api/dataset/save/${shared.ds_id}`, {
        token: bob.token,
        body: { ds_name: 'Taken' },
      });
      expect(answer.status).toBe(404);
      expect(
        (await server.call('GET', `/api/dataset/browse/${shared.ds_id}`, { token: bob.token })).json.data,
      ).toMatchObject({ ds_name: 'Shared' });
    });
  });

  describe('POST /dataset/get/public/{page}', () => {
    it('pages the owner’s datasets or menus, 10 a page, filtered by keywords, without other owners’', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      for (let index = 1; index <= 11; index += 1) await saved(alice.token, { ds_name: `Table ${index}` });
      await saved(alice.token, { ds_type: 'menu', menu_name: 'Lunch' });
      await saved(bob.token, { ds_name: 'Table of bob', is_public: 1 });
      const call = (pageNumber: number, body?: unknown) =>
        server.call('POST', `/api/dataset/get/public/${pageNumber}`, { token: alice.token, body });
      const first = await call(1);
      expect(first.json).toMatchObject({ status: 1, page: 1, pages_count: 2 });
      expect(first.json.data).toHaveLength(10);
      expect(first.json.data[0]).toEqual({
        ds_id: expect.any(Number),
        ds_name: 'Table 1',
        ds_status: 1,
        ds_type: 'dataset',
        is_public: 0,
      });
      expect((await call(2)).json.data.map((entry: { ds_name: string }) => entry.ds_name)).toEqual([
        'Table 11',
      ]);
      const search = await call(1, { type: 'dataset', keywords: 'table 1' });
      expect(search.json.data.map((entry: { ds_name: string }) => entry.ds_name)).toEqual([
        'Table 1',
        'Table 10',
        'Table 11',
      ]);
      const menus = await call(1, { type: 'menu' });
      expect(menus.json.data.map((entry: { ds_name: string }) => entry.ds_name)).toEqual(['Lunch']);
      expect((await call(1, { type: 'table' })).status).toBe(422);
    });
  });

  describe('POST /dataset/set_status/{id}', () => {
    it('switches the owner’s dataset and refuses another owner’s', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dataset = await saved(alice.token, { ds_name: 'Cities' });
      const off = await server.call('POST', `/api/dataset/set_status/${dataset.ds_id}`, {
        token: alice.token,
        body: { status: 0 },
      });
      expect(off.json).toEqual({ status: 1 });
      const browse = await server.call('GET', `/api/dataset/browse/${dataset.ds_id}`, { token: alice.token });
      expect(browse.json.data.ds_status).toBe(0);
      const foreign = await server.call('POST', `/api/dataset/set_status/${dataset.ds_id}`, {
        token: bob.token,
        body: { status: 1 },
      });
      expect(foreign.status).toBe(404);
      const bad = await server.call('POST', `/api/dataset/set_status/${dataset.ds_id}`, {
        token: alice.token,
        body: { status: 5 },
      });
      expect(bad.status).toBe(422);
    });
  });

  describe('PUT /dataset/fields/{id}', () => {
    it('renames and retypes a read-write field; the records follow', async () => {
      const { token } = await registerAndLogin(server);
      const dataset = await saved(token, { ds_name: 'Cities', ds_schema: schema });
      await insert(token, dataset.ds_id, { city: 'Cairo', population: '9500000' });
      await insert(token, dataset.ds_id, { city: 'Giza', population: 'many' });
      const answer = await server.call('PUT', `/api/dataset/fields/${dataset.ds_id}`, {
        token,
        body: { old_field: { name: 'population' }, new_field: { name: 'people', type: 'number' } },
      });
      expect(answer.json.data.ds_schema[1]).toEqual({ name: 'people', type: 'number', permission: 'rw' });
      const records = (await page(token, dataset.ds_id)).json.data;
      expect(records.map((record: Record<string, unknown>) => record.people)).toEqual([9500000, null]);
      expect(records[0]).not.toHaveProperty('population');
    });

    it('answers each validation message and refuses another owner’s dataset', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dataset = await saved(alice.token, { ds_name: 'Cities', ds_schema: schema });
      const call = (body: unknown, token = alice.token) =>
        server.call('PUT', `/api/dataset/fields/${dataset.ds_id}`, { token, body });
      const field = { name: 'town', type: 'text' };
      expect((await call({ old_field: { name: 'nothing' }, new_field: field })).json.errors).toEqual({
        'old_field.name': [datasetMessages.fieldUnknown],
      });
      expect((await call({ old_field: { name: 'code' }, new_field: field })).json.errors).toEqual({
        'old_field.name': [datasetMessages.fieldReadOnly],
      });
      expect(
        (await call({ old_field: { name: 'city' }, new_field: { name: 'code', type: 'text' } })).json.errors,
      ).toEqual({
        'new_field.name': [fieldExistsMessage('code')],
      });
      expect((await call({ old_field: { name: 'city' }, new_field: { name: 'x' } })).json.errors).toEqual({
        'new_field.type': [datasetMessages.missingData],
      });
      expect((await call({ old_field: { name: 'city' }, new_field: field }, bob.token)).status).toBe(404);
    });
  });

  describe('POST /dataset/add-field/{id}', () => {
    it('adds a field, answering "Missing data" and "{name} field is exist" as the spec says', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dataset = await saved(alice.token, { ds_name: 'Cities', ds_schema: schema });
      const call = (data: unknown, token = alice.token) =>
        server.call('POST', `/api/dataset/add-field/${dataset.ds_id}`, { token, body: { data } });
      const added = await call({ name: 'photo', type: 'image', permission: 'r' });
      expect(added.json.data.ds_schema.at(-1)).toEqual({ name: 'photo', type: 'image', permission: 'r' });
      expect((await call({ name: 'city', type: 'text' })).json.errors).toEqual({
        'data.name': [fieldExistsMessage('city')],
      });
      expect((await call({ type: 'text' })).json.errors).toEqual({
        'data.name': [datasetMessages.missingData],
      });
      expect((await call({ name: 'x', type: 'colour' })).json.errors).toEqual({
        'data.type': [datasetMessages.missingData],
      });
      expect((await call({ name: 'x', type: 'text' }, bob.token)).status).toBe(404);
    });
  });

  describe('POST /dataset/delete/{id}', () => {
    it('deletes the dataset with its records, refuses another owner’s', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dataset = await saved(alice.token, { ds_name: 'Cities', ds_schema: schema });
      await insert(alice.token, dataset.ds_id, { city: 'Cairo' });
      const foreign = await server.call('POST', `/api/dataset/delete/${dataset.ds_id}`, { token: bob.token });
      expect(foreign.status).toBe(404);
      const deleted = await server.call('POST', `/api/dataset/delete/${dataset.ds_id}`, {
        token: alice.token,
      });
      expect(deleted.json).toEqual({ status: 1 });
      expect((await page(alice.token, dataset.ds_id)).status).toBe(404);
    });

    it('refuses while a variable or a response uses the dataset, naming them', async () => {
      const { token } = await registerAndLogin(server);
      const dataset = await saved(token, { ds_name: 'Cities', ds_schema: schema });
      const service = await server.call('POST', '/api/service/save', {
        token,
        body: { service_name: 'Travel' },
      });
      const command = await server.call('POST', `/api/command/save/${service.json.id}/0`, {
        token,
        body: { command_name: 'book', command_lang: 'en' },
      });
      const commandId = command.json.id;
      const variable = await server.call('POST', `/api/command_var/save/0/${commandId}`, {
        token,
        body: {
          var_name: 'destination',
          var_type: 'datasetList',
          var_type_ds_id: dataset.ds_id,
          var_type_ds_field_where: 'city',
          var_val_list: ['Cairo'],
        },
      });
      expect(variable.json.status, variable.text).toBe(1);
      const response = await server.call('POST', `/api/command_response/save/${commandId}`, {
        token,
        body: { record: { resp_type: 'ds', resp_dataset_id: dataset.ds_id } },
      });
      expect(response.json.status, response.text).toBe(1);
      const refused = await server.call('POST', `/api/dataset/delete/${dataset.ds_id}`, { token });
      expect(refused.status).toBe(409);
      expect(refused.json.msg).toBe(
        datasetInUseMessage(['variable "destination" of command "book"', 'the response of command "book"']),
      );
      expect((await server.call('GET', `/api/dataset/browse/${dataset.ds_id}`, { token })).status).toBe(200);
    });

    it('counts another owner’s variable on a public dataset without naming it', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await saved(alice.token, { ds_name: 'Cities', ds_schema: schema, is_public: 1 });
      const service = await server.call('POST', '/api/service/save', {
        token: bob.token,
        body: { service_name: 'Secret plans' },
      });
      const command = await server.call('POST', `/api/command/save/${service.json.id}/0`, {
        token: bob.token,
        body: { command_name: 'hidden', command_lang: 'en' },
      });
      const variable = await server.call('POST', `/api/command_var/save/0/${command.json.id}`, {
        token: bob.token,
        body: {
          var_name: 'where',
          var_type: 'datasetList',
          var_type_ds_id: shared.ds_id,
          var_type_ds_field_where: 'city',
          var_val_list: ['Cairo'],
        },
      });
      expect(variable.json.status, variable.text).toBe(1);
      const refused = await server.call('POST', `/api/dataset/delete/${shared.ds_id}`, {
        token: alice.token,
      });
      expect(refused.status).toBe(409);
      expect(refused.json.msg).toBe(datasetInUseMessage(['1 variable(s) or response(s) of other owners']));
      expect(refused.text).not.toContain('hidden');
    });
  });
});
