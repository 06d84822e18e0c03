import { datasetMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertDatasetRecord } from './dataset-record-repository.ts';
import { createDataset } from './dataset-repository.ts';

describe.each(await testDatabaseKinds())('datasets and components on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const schema = [
    { name: 'city', type: 'text' as const, permission: 'rw' as const },
    { name: 'tags', type: 'list' as const, permission: 'r' as const },
  ];

  async function citiesOf(userId: number, isPublic = 0) {
    const dataset = await createDataset(server.database.db, { userId, name: 'cities', schema, isPublic });
    for (const data of [
      { city: 'Cairo', tags: ['hot', 'old'] },
      { city: 'Berlin', tags: ['old'] },
      { city: 'Cairo' },
      { city: '' },
    ]) {
      await insertDatasetRecord(server.database.db, { dsId: dataset.ds_id, userId, data });
    }
    return dataset;
  }

  describe('GET /dataset/get_list', () => {
    it('lists the owner’s datasets and menus and other owners’ public ones, filtered by type', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const own = await citiesOf(bob.userId);
      const menu = await createDataset(server.database.db, {
        userId: bob.userId,
        name: 'drinks',
        type: 'menu',
      });
      const shared = await citiesOf(alice.userId, 1);
      await citiesOf(alice.userId, 0);

      const all = await server.call('GET', '/api/dataset/get_list', { token: bob.token });
      expect(all.json.status).toBe(1);
      expect(all.json.private.map((entry: { ds_id: number }) => entry.ds_id)).toEqual([
        own.ds_id,
        menu.ds_id,
      ]);
      expect(all.json.private[0]).toEqual({
        ds_id: own.ds_id,
        ds_name: 'cities',
        ds_type: 'dataset',
        ds_schema: schema,
      });
      expect(all.json.public.map((entry: { ds_id: number }) => entry.ds_id)).toEqual([shared.ds_id]);
      const menus = await server.call('GET', '/api/dataset/get_list?type=menu', { token: bob.token });
      expect(menus.json.private.map((entry: { ds_id: number }) => entry.ds_id)).toEqual([menu.ds_id]);
      expect(menus.json.public).toEqual([]);
      const both = await server.call('GET', '/api/dataset/get_list?type=dataset,menu', { token: bob.token });
      expect(both.json.private).toHaveLength(2);
    });

    it('refuses an unknown type', async () => {
      const { token } = await registerAndLogin(server);
      const answer = await server.call('GET', '/api/dataset/get_list?type=table', { token });
      expect(answer.status).toBe(422);
    });
  });

  describe('POST /dataset/find', () => {
    it('answers the distinct non-empty values of a field', async () => {
      const { token, userId } = await registerAndLogin(server);
      const dataset = await citiesOf(userId);
      const cities = await server.call('POST', '/api/dataset/find', {
        token,
        body: { ds_id: dataset.ds_id, field_name: 'city' },
      });
      expect(cities.json).toEqual({ status: 1, data: ['Cairo', 'Berlin'] });
      const tags = await server.call('POST', '/api/dataset/find', {
        token,
        body: { ds_id: dataset.ds_id, field_name: 'tags' },
      });
      expect(tags.json.data).toEqual(['hot', 'old']);
    });

    it('refuses a field missing from the schema and a missing field name', async () => {
      const { token, userId } = await registerAndLogin(server);
      const dataset = await citiesOf(userId);
      const unknown = await server.call('POST', '/api/dataset/find', {
        token,
        body: { ds_id: dataset.ds_id, field_name: 'population' },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.json.errors).toEqual({ field_name: [datasetMessages.fieldUnknown] });
      const nameless = await server.call('POST', '/api/dataset/find', {
        token,
        body: { ds_id: dataset.ds_id },
      });
      expect(nameless.json.errors).toEqual({ field_name: [datasetMessages.fieldRequired] });
    });

    it('reads another owner’s public dataset but answers 404 for a private one', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await citiesOf(alice.userId, 1);
      const hidden = await citiesOf(alice.userId, 0);
      const readable = await server.call('POST', '/api/dataset/find', {
        token: bob.token,
        body: { ds_id: shared.ds_id, field_name: 'city' },
      });
      expect(readable.json.data).toEqual(['Cairo', 'Berlin']);
      const refused = await server.call('POST', '/api/dataset/find', {
        token: bob.token,
        body: { ds_id: hidden.ds_id, field_name: 'city' },
      });
      expect(refused.status).toBe(404);
    });
  });

  describe('GET /dataset/browse/{id}', () => {
    it('answers the dataset with its schema, 404 for another owner’s private one', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const dataset = await citiesOf(alice.userId);
      const answer = await server.call('GET', `/api/dataset/browse/${dataset.ds_id}`, { token: alice.token });
      expect(answer.json).toMatchObject({
        status: 1,
        data: {
          ds_id: dataset.ds_id,
          ds_name: 'cities',
          ds_type: 'dataset',
          ds_status: 1,
          ds_schema: schema,
        },
      });
      expect(
        (await server.call('GET', `/api/dataset/browse/${dataset.ds_id}`, { token: bob.token })).status,
      ).toBe(404);
      expect((await server.call('GET', '/api/dataset/browse/none', { token: alice.token })).status).toBe(422);
    });
  });

  describe('GET /components/entities', () => {
    it('lists the built-in entity types with labels', async () => {
      const { token } = await registerAndLogin(server);
      const answer = await server.call('GET', '/api/components/entities', { token });
      expect(answer.json.status).toBe(1);
      expect(answer.json.components.map((entity: { name: string }) => entity.name)).toEqual([
        'number',
        'ordinal',
        'date',
        'time',
        'datetime',
        'duration',
        'email',
        'phone',
        'url',
      ]);
      expect(answer.json.components[4]).toEqual({ name: 'datetime', label: 'Date and time' });
      expect((await server.call('GET', '/api/components/entities')).status).toBe(401);
    });
  });
});
