import { datasetMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('dataset record calls on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const schema = [
    { name: 'name', type: 'text', permission: 'rw' },
    { name: 'price', type: 'number', permission: 'rw' },
    { name: 'place', type: 'location', permission: 'r' },
  ];
  const cairo = { type: 'Point', coordinates: [31.24, 30.04], address: 'Tahrir Square' };

  async function datasetOf(token: string, isPublic = 0) {
    const answer = await server.call('POST', '/api/dataset/save/0', {
      token,
      body: { ds_name: 'Shops', ds_schema: schema, is_public: isPublic },
    });
    return answer.json.data.ds_id as number;
  }

  const insert = (token: string, dsId: number, record: unknown) =>
    server.call('POST', '/api/dataset/insert_data', { token, body: { schema: dsId, record } });

  async function inserted(token: string, dsId: number, record: unknown) {
    const answer = await insert(token, dsId, record);
    expect(answer.json.status, answer.text).toBe(1);
    return answer.json.data;
  }

  const page = (token: string, body: unknown) =>
    server.call('POST', '/api/dataset/get-with-keys', { token, body });

  describe('POST /dataset/insert_data', () => {
    it('stores typed values and keeps __user_id, __sender_id and __status on the record', async () => {
      const { token, userId } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const record = await inserted(token, dsId, { name: 'Kiosk', price: '12.5', place: cairo, _id: 99 });
      expect(record).toEqual({
        _id: expect.any(Number),
        ds_id: dsId,
        __user_id: userId,
        __sender_id: '',
        __status: 1,
        name: 'Kiosk',
        price: 12.5,
        place: cairo,
      });
      expect(record._id).not.toBe(99);
    });

    it('answers each value’s message, keyed by its field', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const answer = await insert(token, dsId, {
        price: 'cheap',
        place: { coordinates: [0, 95] },
        colour: 'red',
      });
      expect(answer.status).toBe(422);
      expect(answer.json.errors).toEqual({
        'record.price': [datasetMessages.numberInvalid],
        'record.place': [datasetMessages.locationInvalid],
        'record.colour': [datasetMessages.fieldUnknown],
      });
      const noDataset = await server.call('POST', '/api/dataset/insert_data', {
        token,
        body: { record: {} },
      });
      expect(noDataset.json.errors).toEqual({ schema: [datasetMessages.datasetRequired] });
    });

    it('never writes into another owner’s dataset, even a public one', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await datasetOf(alice.token, 1);
      expect((await insert(bob.token, shared, { name: 'Intruder' })).status).toBe(404);
      expect((await page(alice.token, { ds_id: shared })).json.total).toBe(0);
    });
  });

  describe('POST /dataset/get-with-keys', () => {
    it('pages 10 records oldest first and searches any field case-insensitively', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      for (let index = 1; index <= 12; index += 1) {
        await inserted(token, dsId, {
          name: `Shop ${index}`,
          price: index,
          place: index === 3 ? cairo : null,
        });
      }
      const first = await page(token, { ds_id: dsId, page: 1 });
      expect(first.json).toMatchObject({ status: 1, page: 1, pages_count: 2, total: 12, ds_schema: schema });
      expect(first.json.data.map((record: { name: string }) => record.name).slice(0, 2)).toEqual([
        'Shop 1',
        'Shop 2',
      ]);
      expect((await page(token, { ds_id: dsId, page: '2' })).json.data).toHaveLength(2);
      const byAddress = await page(token, { ds_id: dsId, keywords: 'TAHRIR' });
      expect(byAddress.json.data.map((record: { name: string }) => record.name)).toEqual(['Shop 3']);
      const byNumber = await page(token, { ds_id: dsId, keywords: '12' });
      expect(byNumber.json.data.map((record: { name: string }) => record.name)).toEqual(['Shop 12']);
      // a part of a word, across a space, as the trigram index finds it
      expect((await page(token, { ds_id: dsId, keywords: 'HOP 1' })).json.total).toBe(4);
      // LIKE's wildcards and the full-text query's quotes are matched as themselves
      expect((await page(token, { ds_id: dsId, keywords: '%' })).json.total).toBe(0);
      expect((await page(token, { ds_id: dsId, keywords: '"shop" OR 1' })).json.total).toBe(0);
    });

    it('reads another owner’s public dataset, answers 404 for a private one and 422 without a dataset', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await datasetOf(alice.token, 1);
      const hidden = await datasetOf(alice.token);
      await inserted(alice.token, shared, { name: 'Open shop' });
      await inserted(alice.token, hidden, { name: 'Secret shop' });
      expect((await page(bob.token, { ds_id: shared })).json.data[0].name).toBe('Open shop');
      const refused = await page(bob.token, { ds_id: hidden });
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('Secret');
      expect((await page(bob.token, {})).json.errors).toEqual({ ds_id: [datasetMessages.datasetRequired] });
    });
    it('filters by field values: =, !=, >=, <= on numbers, folded LIKE on one field, __status; all must hold', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const shops = [
        { name: 'أحمد للعطور', price: 40 },
        { name: 'Müller Bäckerei', price: 12.5 },
        { name: 'Kiosk', price: 7 },
        { name: 'Ahmed Kiosk', price: 40 },
        { name: 'Nameless' },
      ];
      for (const shop of shops) await inserted(token, dsId, shop);
      const names = async (filters: unknown, keywords = '') => {
        const answer = await page(token, { ds_id: dsId, keywords, page: 1, filters });
        expect(answer.status, answer.text).toBe(200);
        return { names: answer.json.data.map((row: { name: string }) => row.name), total: answer.json.total };
      };
      expect(await names([{ field: 'price', rel: '=', value: '40' }])).toEqual({
        names: ['أحمد للعطور', 'Ahmed Kiosk'],
        total: 2,
      });
      expect((await names([{ field: 'price', rel: '!=', value: '40' }])).names).toEqual([
        'Müller Bäckerei',
        'Kiosk',
        'Nameless',
      ]);
      expect((await names([{ field: 'price', rel: '>=', value: '12.5' }])).total).toBe(3);
      expect((await names([{ field: 'price', rel: '<=', value: '12.5' }])).names).toEqual([
        'Müller Bäckerei',
        'Kiosk',
      ]);
      // folded: "احمد" finds "أحمد", "backerei" finds "Bäckerei"; only in that field
      expect((await names([{ field: 'name', rel: 'LIKE', value: 'احمد' }])).names).toEqual(['أحمد للعطور']);
      expect((await names([{ field: 'name', rel: 'LIKE', value: 'backerei' }])).names).toEqual([
        'Müller Bäckerei',
      ]);
      expect((await names([{ field: 'name', rel: '=', value: 'Kiosk' }])).names).toEqual(['Kiosk']);
      expect(
        await names([
          { field: 'name', rel: 'LIKE', value: 'kiosk' },
          { field: 'price', rel: '>=', value: '10' },
        ]),
      ).toEqual({ names: ['Ahmed Kiosk'], total: 1 });
      expect((await names([{ field: 'price', rel: '=', value: '40' }], 'kiosk')).names).toEqual([
        'Ahmed Kiosk',
      ]);
      expect((await names([{ field: '__status', rel: '=', value: '1' }])).total).toBe(5);
      expect((await names([{ field: '__status', rel: '=', value: '0' }])).total).toBe(0);

      const unknownField = await page(token, {
        ds_id: dsId,
        filters: [{ field: 'colour', rel: '=', value: 'red' }],
      });
      expect(unknownField.status).toBe(422);
      expect(unknownField.json.errors).toEqual({ 'filters.0.field': [datasetMessages.fieldUnknown] });
      const badOperator = await page(token, {
        ds_id: dsId,
        filters: [{ field: 'name', rel: 'NEARBY', value: 'x' }],
      });
      expect(badOperator.status).toBe(422);
    });
  });

  describe('POST /dataset/update-dataset/', () => {
    it('changes the given values and the status, keeping the others and the search text current', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const record = await inserted(token, dsId, { name: 'Kiosk', price: 3, place: cairo });
      const answer = await server.call('POST', '/api/dataset/update-dataset/', {
        token,
        body: { data: { ...record, name: 'Bakery', price: '4', __status: 0 } },
      });
      expect(answer.json.data).toMatchObject({
        _id: record._id,
        name: 'Bakery',
        price: 4,
        place: cairo,
        __status: 0,
      });
      expect((await page(token, { ds_id: dsId, keywords: 'bakery' })).json.total).toBe(1);
      expect((await page(token, { ds_id: dsId, keywords: 'kiosk' })).json.total).toBe(0);
    });

    it('answers each message and refuses another owner’s record', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dsId = await datasetOf(alice.token, 1);
      const record = await inserted(alice.token, dsId, { name: 'Kiosk' });
      const call = (data: unknown, token = alice.token) =>
        server.call('POST', '/api/dataset/update-dataset/', { token, body: { data } });
      expect((await call({ _id: record._id, price: 'x' })).json.errors).toEqual({
        'data.price': [datasetMessages.numberInvalid],
      });
      expect((await call({ name: 'No id' })).json.errors).toEqual({
        'data._id': [datasetMessages.recordNotFound],
      });
      const foreign = await call({ _id: record._id, name: 'Taken' }, bob.token);
      expect(foreign.status).toBe(404);
      expect((await page(alice.token, { ds_id: dsId })).json.data[0].name).toBe('Kiosk');
    });
  });

  describe('POST /dataset/delete_data and /dataset/multiple-delete-data', () => {
    it('deletes the owner’s records and refuses another owner’s', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dsId = await datasetOf(alice.token);
      const ids = [];
      for (const name of ['a', 'b', 'c', 'd']) ids.push((await inserted(alice.token, dsId, { name }))._id);
      const one = (id: unknown, token = alice.token) =>
        server.call('POST', '/api/dataset/delete_data', { token, body: { _id: id } });
      const many = (body: unknown, token = alice.token) =>
        server.call('POST', '/api/dataset/multiple-delete-data', { token, body });
      expect((await one(ids[0], bob.token)).status).toBe(404);
      expect((await many({ ids: [ids[1], ids[2]] }, bob.token)).status).toBe(404);
      expect((await one(ids[0])).json).toEqual({ status: 1, deleted: 1 });
      expect((await many({ ids: [ids[1], ids[2], ids[2]] })).json).toEqual({ status: 1, deleted: 2 });
      expect((await one(ids[0])).status).toBe(404);
      expect((await one('x')).json.errors).toEqual({ _id: [datasetMessages.recordNotFound] });
      expect((await many({ ids: [] })).json.errors).toEqual({ ids: [datasetMessages.recordsRequired] });
      expect((await many({})).json.errors).toEqual({ ids: [datasetMessages.recordsRequired] });
      expect(
        (await page(alice.token, { ds_id: dsId })).json.data.map((record: { name: string }) => record.name),
      ).toEqual(['d']);
    });
  });
});
