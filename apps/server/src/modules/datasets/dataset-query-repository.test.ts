import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, dialectOf, openDatabase } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { foldedSearchTextSql } from '../../platform/db/migrations/0016-dataset-records-folded-search.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { nearestRecordIds } from './dataset-point-index.ts';
import { findGroupRecords } from './dataset-query-repository.ts';
import { foldText, meetsCondition, type QueriedRecord } from './dataset-record-match.ts';
import { insertDatasetRecord } from './dataset-record-repository.ts';
import { createDataset } from './dataset-repository.ts';

const record = (data: Record<string, unknown>): QueriedRecord => ({
  id: 1,
  data,
  senderId: 'web:7',
  status: 1,
  distanceKm: null,
});

describe('dataset query conditions', () => {
  it('folds Arabic letter forms, diacritics, tatweel, umlauts and case', () => {
    expect(foldText('أإآٱ ة ى')).toBe('اااا ه ي');
    expect(foldText('مُحَمَّـد')).toBe('محمد');
    expect(foldText('MÜLLER Straße Köln Bär')).toBe('muller straße koln bar');
  });

  it.each([
    [{ age: 9 }, 'age', '>=', '30', false],
    [{ age: 100 }, 'age', '>=', '30', true],
    [{ age: '12' }, 'age', '<=', '12.0', true],
    [{ city: 'Cairo' }, 'city', '=', 'Cairo', true],
    [{ city: 'Cairo' }, 'city', '=', 'cairo', false],
    [{ city: 'Cairo' }, 'city', '!=', 'Giza', true],
    [{}, 'city', '!=', 'Giza', true],
    [{ tags: ['tea', 'coffee'] }, 'tags', '=', 'coffee', true],
    [{ name: 'فاطمة' }, 'name', 'LIKE', 'فاطمه', true],
    [{ name: 'Jürgen' }, 'name', 'LIKE', 'JURG', true],
    [{ name: 'Jürgen' }, 'name', 'LIKE', 'anna', false],
    [{}, '__sender_id', '=', 'web:7', true],
    [{}, '__status', '=', '0', false],
  ] as const)('%j: %s %s %s → %s', (data, field, operator, value, expected) => {
    expect(meetsCondition(record(data), { field, operator, value })).toBe(expected);
  });

  it('measures NEARBY within the radius only', () => {
    const place = { type: 'Point', coordinates: [31.2357, 30.0534], address: '' };
    const near = { lat: 30.0444, lng: 31.2357, radiusKm: 2 };
    expect(
      meetsCondition(record({ place }), { field: 'place', operator: 'NEARBY', value: '', near }),
    ).toBeCloseTo(1.0, 1);
    expect(
      meetsCondition(record({ place }), {
        field: 'place',
        operator: 'NEARBY',
        value: '',
        near: { ...near, radiusKm: 0.5 },
      }),
    ).toBe(false);
  });
});

describe.each(await testDatabaseKinds())('dataset query SQL on $label', (kind) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let dsId: number;
  const texts = ['أَحْمَـد الإمام', 'MÜLLER & Söhne', 'مكتبة القاهرة', 'plain text'];

  beforeAll(async () => {
    const created = await kind.create(mkdtempSync(join(tmpdir(), 'hiwar-query-')));
    drop = created.drop;
    handle = openDatabase(created.target);
    await migrateToLatest(handle);
    await sql`insert into users (username, user_email, password_hash, user_fullname) values ('q', 'q@example.com', 'x', 'Q')`.execute(
      handle.db,
    );
    const schema = [{ name: 'name', type: 'text' as const, permission: 'rw' as const }];
    dsId = (await createDataset(handle.db, { userId: 1, name: 'Texts', schema })).ds_id;
    for (const name of texts) await insertDatasetRecord(handle.db, { dsId, userId: 1, data: { name } });
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('folds search_text in SQL exactly as foldText does', async () => {
    const folded = foldedSearchTextSql(dialectOf(handle.db), sql.ref('search_text'));
    const rows = await sql<{
      folded: string;
    }>`select ${folded} as folded from dataset_records order by _id`.execute(handle.db);
    expect(rows.rows.map((row) => row.folded)).toEqual(texts.map(foldText));
  });

  it('finds folded texts through the index and through the short-text scan, and follows updates', async () => {
    const like = (value: string) =>
      findGroupRecords(handle.db, {
        dsId,
        schema: [{ name: 'name', type: 'text', permission: 'rw' }],
        conditions: [{ field: 'name', operator: 'LIKE', value }],
        limit: 10,
      });
    const names = async (value: string) => (await like(value)).map((found) => found.data.name);
    expect(await names('احمد الامام')).toEqual([texts[0]]);
    expect(await names('muller & so')).toEqual([texts[1]]);
    expect(await names('قاهره')).toEqual([texts[2]]);
    expect(await names('ü')).toEqual([texts[1]]);
    await sql`update dataset_records set search_text = 'changed', data = ${'{"name":"changed"}'} where _id = 2`.execute(
      handle.db,
    );
    expect(await names('muller')).toEqual([]);
    expect(await names('changed')).toEqual(['changed']);
  });

  it('finds the points within a radius, nearest first, just inside and just outside it on both axes', async () => {
    const schema = [{ name: 'place', type: 'location' as const, permission: 'rw' as const }];
    const places = (await createDataset(handle.db, { userId: 1, name: 'Places', schema })).ds_id;
    const point = (lat: number, lng: number) => ({ type: 'Point', coordinates: [lng, lat], address: '' });
    // 5 km is 0.044966° of latitude, and 0.051923° of longitude at latitude 30
    const at = {
      northInside: point(30.0449, 31),
      northOutside: point(30.0451, 31),
      southInside: point(29.96, 31),
      eastInside: point(30, 31.0519),
      eastOutside: point(30, 31.0521),
      centre: point(30, 31),
      farAway: point(52.52, 13.405),
    };
    const ids = new Map<number, string>();
    for (const [name, place] of Object.entries(at))
      ids.set(await insertDatasetRecord(handle.db, { dsId: places, userId: 1, data: { place } }), name);
    const found = await nearestRecordIds(handle.db, dialectOf(handle.db), {
      dsId: places,
      field: 'place',
      lat: 30,
      lng: 31,
      radiusKm: 5,
      max: 10,
    });
    expect(found.map((entry) => ids.get(entry.id))).toEqual([
      'centre',
      'southInside',
      'northInside',
      'eastInside',
    ]);
    expect(found.every((entry) => entry.distanceKm <= 5)).toBe(true);
  });
});
