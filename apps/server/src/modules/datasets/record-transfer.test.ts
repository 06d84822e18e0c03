import { datasetMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('dataset import and export on $label', (kind) => {
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
    { name: 'tags', type: 'list', permission: 'rw' },
    { name: 'place', type: 'location', permission: 'rw' },
  ];
  const giza = { type: 'Point', coordinates: [31.13, 29.98], address: 'Giza, Egypt' };
  const csv = [
    'Name,price,tags,place,notes',
    `"Tea, green",12.5,"hot, drink","${JSON.stringify(giza).replaceAll('"', '""')}",ignored`,
    'Cake,cheap,,,',
    'شاي,3,,,',
    'Bread,abc,,"{""coordinates"":[500,1]}",',
  ].join('\n');

  async function datasetOf(token: string, isPublic = 0) {
    const answer = await server.call('POST', '/api/dataset/save/0', {
      token,
      body: { ds_name: 'Menu items', ds_schema: schema, is_public: isPublic },
    });
    return answer.json.data.ds_id as number;
  }

  const records = async (token: string, dsId: number) =>
    (await server.call('POST', '/api/dataset/get-with-keys', { token, body: { ds_id: dsId } })).json;

  describe('POST /dataset/import/preview/{id}', () => {
    it('answers the column → field mapping, the rows refused and why, and the records as they would be stored', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const answer = await server.call('POST', `/api/dataset/import/preview/${dsId}`, {
        token,
        body: { format: 'csv', content: csv },
      });
      expect(answer.json).toEqual({
        status: 1,
        columns: [
          { column: 'Name', field: 'name' },
          { column: 'price', field: 'price' },
          { column: 'tags', field: 'tags' },
          { column: 'place', field: 'place' },
          { column: 'notes', field: null },
        ],
        rows_count: 4,
        accepted_count: 2,
        refused: [
          { row: 2, errors: { price: [datasetMessages.numberInvalid] } },
          {
            row: 4,
            errors: { price: [datasetMessages.numberInvalid], place: [datasetMessages.locationInvalid] },
          },
        ],
        sample: [
          { name: 'Tea, green', price: 12.5, tags: ['hot', 'drink'], place: giza },
          { name: 'شاي', price: 3, tags: null, place: null },
        ],
      });
      expect((await records(token, dsId)).total).toBe(0);
    });

    it('follows a chosen mapping and answers each message', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const preview = (body: unknown) =>
        server.call('POST', `/api/dataset/import/preview/${dsId}`, { token, body });
      const mapped = await preview({
        format: 'json',
        content: JSON.stringify([{ title: 'Tea', cost: '4' }]),
        mapping: { title: 'name', cost: '' },
      });
      expect(mapped.json.sample).toEqual([{ name: 'Tea' }]);
      const cases: [unknown, Record<string, string[]>][] = [
        [{ format: 'csv' }, { content: [datasetMessages.importFileRequired] }],
        [{ format: 'xml', content: 'a' }, { format: [datasetMessages.importFileRequired] }],
        [{ format: 'csv', content: 'name\n"open' }, { content: [datasetMessages.csvUnreadable] }],
        [{ format: 'json', content: '{"name": 1}' }, { content: [datasetMessages.jsonUnreadable] }],
        [{ format: 'csv', content: 'colour\nred' }, { content: [datasetMessages.importNothingMapped] }],
        [
          { format: 'csv', content: 'a\n1', mapping: { a: 'nothing' } },
          { 'mapping.a': [datasetMessages.fieldUnknown] },
        ],
        [
          { format: 'csv', content: 'name,title\na,b', mapping: { title: 'name' } },
          { mapping: [datasetMessages.importColumnTwice] },
        ],
      ];
      for (const [body, errors] of cases) {
        const answer = await preview(body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.json.errors, JSON.stringify(body)).toEqual(errors);
      }
      const tooMany = `name\n${'x\n'.repeat(20_001)}`;
      expect((await preview({ format: 'csv', content: tooMany })).json.errors).toEqual({
        content: [datasetMessages.importTooManyRows],
      });
    });
  });

  describe('locations as people write them', () => {
    const cairo = (address = '') => ({ type: 'Point', coordinates: [31.2357, 30.0444], address });
    const quoted = (value: unknown) => `"${JSON.stringify(value).replaceAll('"', '""')}"`;

    it('imports "lat,lng", "lat lng", "lat;lng" and GeoJSON cells, latitude first as people write it', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const content = [
        'name,place',
        'Comma,"30.0444,31.2357"',
        'Space,30.0444 31.2357',
        'Semicolon, 30.0444 ; 31.2357 ',
        `Point,${quoted({ type: 'Point', coordinates: [31.2357, 30.0444] })}`,
        `Feature,${quoted({ type: 'Feature', geometry: { type: 'Point', coordinates: [31.2357, 30.0444] }, properties: { address: 'Tahrir' } })}`,
        'Empty,',
      ].join('\n');
      const imported = await server.call('POST', `/api/dataset/import/${dsId}`, {
        token,
        body: { format: 'csv', content },
      });
      expect(imported.json).toEqual({ status: 1, imported: 6 });
      const page = await records(token, dsId);
      expect(page.data.map(({ name, place }: { name: string; place: unknown }) => ({ name, place }))).toEqual(
        [
          { name: 'Comma', place: cairo() },
          { name: 'Space', place: cairo() },
          { name: 'Semicolon', place: cairo() },
          { name: 'Point', place: cairo() },
          { name: 'Feature', place: cairo('Tahrir') },
          { name: 'Empty', place: null },
        ],
      );
    });

    it('refuses a location in no known form naming the forms, and one out of range with the ranges', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const content = [
        'name,place',
        'Words,Cairo',
        'Three,"30,31,32"',
        `Line,${quoted({
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        })}`,
        'Broken,{"type":',
        'Far,"95,31"',
        'Good,"30.0444,31.2357"',
      ].join('\n');
      const answer = await server.call('POST', `/api/dataset/import/preview/${dsId}`, {
        token,
        body: { format: 'csv', content },
      });
      const unreadable = { place: [datasetMessages.locationUnreadable] };
      expect(answer.json.refused).toEqual([
        { row: 1, errors: unreadable },
        { row: 2, errors: unreadable },
        { row: 3, errors: unreadable },
        { row: 4, errors: unreadable },
        { row: 5, errors: { place: [datasetMessages.locationInvalid] } },
      ]);
      expect(answer.json.sample).toEqual([{ name: 'Good', place: cairo() }]);
      expect(datasetMessages.locationUnreadable).toContain('"lat,lng", "lat lng" or "lat;lng"');
    });

    it('pairs a latitude and a longitude column into the location field they name, by name or by mapping', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const preview = (body: unknown) =>
        server.call('POST', `/api/dataset/import/preview/${dsId}`, { token, body });
      const plain = await preview({ format: 'csv', content: 'name,Lat,Lng\nTower,30.0444,31.2357\nNone,,' });
      expect(plain.json.columns).toEqual([
        { column: 'name', field: 'name' },
        { column: 'Lat', field: 'place', part: 'latitude' },
        { column: 'Lng', field: 'place', part: 'longitude' },
      ]);
      expect(plain.json.sample).toEqual([
        { name: 'Tower', place: cairo() },
        { name: 'None', place: null },
      ]);
      const named = await preview({
        format: 'json',
        content: JSON.stringify([{ name: 'Tower', place_longitude: 31.2357, place_latitude: '30.0444' }]),
      });
      expect(named.json.sample).toEqual([{ name: 'Tower', place: cairo() }]);
      const half = await preview({ format: 'csv', content: 'name,lat,lng\nHalf,30.0444,' });
      expect(half.json.refused).toEqual([
        { row: 1, errors: { place: [datasetMessages.locationUnreadable] } },
      ]);

      const content = 'name,y,x\nTower,30.0444,31.2357';
      const mapping = { y: { field: 'place', part: 'latitude' }, x: { field: 'place', part: 'longitude' } };
      const imported = await server.call('POST', `/api/dataset/import/${dsId}`, {
        token,
        body: { format: 'csv', content, mapping },
      });
      expect(imported.json).toEqual({ status: 1, imported: 1 });
      expect((await records(token, dsId)).data[0].place).toEqual(cairo());
    });

    it('refuses a half on a field that is no location, a lone half and two latitudes', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const content = 'name,a,b\nTower,30,31';
      const cases: [unknown, Record<string, string[]>][] = [
        [
          { a: { field: 'price', part: 'latitude' } },
          { 'mapping.a': [datasetMessages.importPartNotLocation] },
        ],
        [{ a: { field: 'place', part: 'latitude' } }, { 'mapping.a': [datasetMessages.importLocationHalf] }],
        [
          { a: { field: 'place', part: 'latitude' }, b: { field: 'place', part: 'latitude' } },
          { mapping: [datasetMessages.importColumnTwice] },
        ],
        [
          {
            name: 'place',
            a: { field: 'place', part: 'latitude' },
            b: { field: 'place', part: 'longitude' },
          },
          { mapping: [datasetMessages.importColumnTwice] },
        ],
      ];
      for (const [mapping, errors] of cases) {
        const answer = await server.call('POST', `/api/dataset/import/preview/${dsId}`, {
          token,
          body: { format: 'csv', content, mapping },
        });
        expect(answer.status, JSON.stringify(mapping)).toBe(422);
        expect(answer.json.errors, JSON.stringify(mapping)).toEqual(errors);
      }
    });
  });

  describe('POST /dataset/import/{id}', () => {
    it('imports nothing while a row is refused, then the accepted rows in one go when told to skip the rest', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const refused = await server.call('POST', `/api/dataset/import/${dsId}`, {
        token,
        body: { format: 'csv', content: csv },
      });
      expect(refused.status).toBe(422);
      expect(refused.json.msg).toBe(datasetMessages.importRowsRefused);
      expect(refused.json.errors).toEqual({
        'rows.2.price': [datasetMessages.numberInvalid],
        'rows.4.price': [datasetMessages.numberInvalid],
        'rows.4.place': [datasetMessages.locationInvalid],
      });
      expect((await records(token, dsId)).total).toBe(0);
      const imported = await server.call('POST', `/api/dataset/import/${dsId}`, {
        token,
        body: { format: 'csv', content: csv, skip_refused: true },
      });
      expect(imported.json).toEqual({ status: 1, imported: 2 });
      const page = await records(token, dsId);
      expect(page.data.map((record: { name: string }) => record.name)).toEqual(['Tea, green', 'شاي']);
      const search = await server.call('POST', '/api/dataset/get-with-keys', {
        token,
        body: { ds_id: dsId, keywords: 'giza' },
      });
      expect(search.json.total).toBe(1);
    });

    it('imports 5,000 rows of a catalogue', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      const rows = Array.from({ length: 5000 }, (_, index) => `Item ${index},${index % 90},"a, b",`);
      const started = performance.now();
      const answer = await server.call('POST', `/api/dataset/import/${dsId}`, {
        token,
        body: { format: 'csv', content: ['name,price,tags,place', ...rows].join('\n') },
      });
      const seconds = (performance.now() - started) / 1000;
      expect(answer.json).toEqual({ status: 1, imported: 5000 });
      expect((await records(token, dsId)).total).toBe(5000);
      console.log(`imported 5000 rows on ${kind.label} in ${seconds.toFixed(2)} s`);
    });

    it('never imports into another owner’s dataset, even a public one', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await datasetOf(alice.token, 1);
      const body = { format: 'csv', content: 'name\nIntruder' };
      expect(
        (await server.call('POST', `/api/dataset/import/${shared}`, { token: bob.token, body })).status,
      ).toBe(404);
      expect(
        (await server.call('POST', `/api/dataset/import/preview/${shared}`, { token: bob.token, body }))
          .status,
      ).toBe(404);
      expect((await records(alice.token, shared)).total).toBe(0);
    });
  });

  describe('GET /dataset/export/{id}', () => {
    it('downloads the records as CSV that imports back the same, and as JSON', async () => {
      const { token } = await registerAndLogin(server);
      const dsId = await datasetOf(token);
      await server.call('POST', `/api/dataset/import/${dsId}`, {
        token,
        body: { format: 'csv', content: csv, skip_refused: true },
      });
      const file = await server.call('GET', `/api/dataset/export/${dsId}?format=csv`, { token });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(file.headers.get('content-disposition')).toContain('filename="Menu items.csv"');
      // (the text is decoded as UTF-8, which drops the BOM the file starts with)
      expect(file.text).toBe(
        `name,price,tags,place\r\n"Tea, green",12.5,"hot, drink","${JSON.stringify(giza).replaceAll('"', '""')}"\r\nشاي,3,,\r\n`,
      );
      const copy = await datasetOf(token);
      await server.call('POST', `/api/dataset/import/${copy}`, {
        token,
        body: { format: 'csv', content: file.text },
      });
      const strip = (page: { data: Record<string, unknown>[] }) =>
        page.data.map(({ name, price, tags, place }) => ({ name, price, tags, place }));
      expect(strip(await records(token, copy))).toEqual(strip(await records(token, dsId)));
      const json = await server.call('GET', `/api/dataset/export/${dsId}?format=json`, { token });
      expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(JSON.parse(json.text)).toEqual([
        { name: 'Tea, green', price: 12.5, tags: ['hot', 'drink'], place: giza },
        { name: 'شاي', price: 3, tags: null, place: null },
      ]);
    });

    it('downloads another owner’s public dataset, 404 for a private one, 422 for an unknown format', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const shared = await datasetOf(alice.token, 1);
      const hidden = await datasetOf(alice.token);
      expect((await server.call('GET', `/api/dataset/export/${shared}`, { token: bob.token })).status).toBe(
        200,
      );
      expect((await server.call('GET', `/api/dataset/export/${hidden}`, { token: bob.token })).status).toBe(
        404,
      );
      expect(
        (await server.call('GET', `/api/dataset/export/${shared}?format=xls`, { token: bob.token })).status,
      ).toBe(422);
    });
  });
});
