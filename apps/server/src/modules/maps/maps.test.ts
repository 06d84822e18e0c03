import { mapMessages, messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('maps and locations on $label', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const owner = async () => (await registerAndLogin(server)).token;
  const saveMap = (token: string, id: number | string, body: unknown) =>
    server.call('POST', `/api/maps/${id}`, { token, body });
  const saveLocation = (token: string, id: number | string, body: unknown) =>
    server.call('POST', `/api/locations/${id}`, { token, body });
  const newMap = async (token: string, title: string): Promise<number> => {
    const answer = await saveMap(token, 0, { title });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data._id;
  };
  const newLocation = async (token: string, mapId: number, title: string, at = 1): Promise<number> => {
    const answer = await saveLocation(token, 0, { title, x: at, y: at + 0.5, yaw: -at, map_id: mapId });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data._id;
  };

  it('creates a map with id 0, reads it, renames it and lists it with its locations count', async () => {
    const token = await owner();
    const mapId = await newMap(token, '  Ground floor  ');
    expect((await server.call('GET', `/api/maps/${mapId}`, { token })).json).toEqual({
      status: 1,
      data: { _id: mapId, title: 'Ground floor' },
    });
    await newLocation(token, mapId, 'Door');
    await newLocation(token, mapId, 'Desk');
    expect((await saveMap(token, mapId, { title: 'First floor' })).json).toEqual({
      status: 1,
      data: { _id: mapId },
    });
    const list = await server.call('GET', '/api/maps?page=1', { token });
    expect(list.json).toEqual({
      status: 1,
      data: { current_page: 1, data: [{ _id: mapId, title: 'First floor', locations_count: 2 }] },
      pages_count: 1,
    });
  });

  it('pages maps ten at a time, newest first, and filters them by keyword case-insensitively', async () => {
    const token = await owner();
    for (let index = 1; index <= 12; index += 1)
      await newMap(token, `Map ${index}${index % 5 === 0 ? ' Mall' : ''}`);
    const first = await server.call('GET', '/api/maps', { token });
    expect(first.json.pages_count).toBe(2);
    expect(first.json.data.data).toHaveLength(10);
    expect(first.json.data.data[0].title).toBe('Map 12');
    const second = await server.call('GET', '/api/maps?page=2', { token });
    expect(second.json.data).toMatchObject({ current_page: 2 });
    expect(second.json.data.data.map((map: { title: string }) => map.title)).toEqual(['Map 2', 'Map 1']);
    const found = await server.call('GET', '/api/maps?keyword=mALL', { token });
    expect(found.json.data.data.map((map: { title: string }) => map.title)).toEqual([
      'Map 10 Mall',
      'Map 5 Mall',
    ]);
    expect(found.json.pages_count).toBe(1);
    // a keyword's % and _ are literal, not wildcards
    expect((await server.call('GET', '/api/maps?keyword=%25', { token })).json.data.data).toEqual([]);
  });

  it('lists all maps by title for the selector', async () => {
    const token = await owner();
    const zoo = await newMap(token, 'Zoo');
    const airport = await newMap(token, 'Airport');
    expect((await server.call('GET', '/api/maps/list/all', { token })).json).toEqual({
      status: 1,
      data: [
        { _id: airport, title: 'Airport' },
        { _id: zoo, title: 'Zoo' },
      ],
    });
  });

  it('refuses a map without a title, or with one over 190 characters', async () => {
    const token = await owner();
    for (const body of [{}, { title: '' }, { title: '   ' }, { title: 7 }]) {
      const answer = await saveMap(token, 0, body);
      expect(answer.status).toBe(422);
      expect(answer.json.errors.title).toEqual([mapMessages.titleRequired]);
    }
    const long = await saveMap(token, 0, { title: 'x'.repeat(191) });
    expect(long.json.errors.title).toEqual([mapMessages.titleTooLong]);
    expect((await server.call('GET', '/api/maps/list/all', { token })).json.data).toEqual([]);
  });

  it('saves a location with decimals, reads it with its map, and lists it under its map and under map 0', async () => {
    const token = await owner();
    const hall = await newMap(token, 'Hall');
    const yard = await newMap(token, 'Yard');
    const saved = await saveLocation(token, 0, {
      title: 'Fountain',
      x: '30.044420',
      y: 31.235712,
      yaw: '-12.5',
      map_id: String(hall),
    });
    expect(saved.status, saved.text).toBe(200);
    const id = saved.json.data._id;
    const location = { _id: id, title: 'Fountain', map_id: hall, map: { _id: hall, title: 'Hall' } };
    const read = await server.call('GET', `/api/locations/${id}`, { token });
    expect(read.json).toEqual({ status: 1, data: { ...location, x: 30.04442, y: 31.235712, yaw: -12.5 } });
    const onYard = await newLocation(token, yard, 'Gate');
    const all = await server.call('GET', '/api/locations/list/0?page=1', { token });
    expect(all.json.data.data.map((row: { _id: number }) => row._id)).toEqual([onYard, id]);
    expect(all.json.pages_count).toBe(1);
    const hallOnly = await server.call('GET', `/api/locations/list/${hall}`, { token });
    expect(hallOnly.json).toEqual({
      status: 1,
      data: { current_page: 1, data: [{ ...location, x: 30.04442, y: 31.235712, yaw: -12.5 }] },
      pages_count: 1,
    });
  });

  it('moves a location to another map of the owner and accepts 18 fraction digits', async () => {
    const token = await owner();
    const hall = await newMap(token, 'Hall');
    const yard = await newMap(token, 'Yard');
    const id = await newLocation(token, hall, 'Bench');
    const moved = await saveLocation(token, id, {
      title: 'Bench',
      x: '0.123456789012345678',
      y: 0,
      yaw: 359.99,
      map_id: yard,
    });
    expect(moved.json).toEqual({ status: 1, data: { _id: id } });
    const read = (await server.call('GET', `/api/locations/${id}`, { token })).json.data;
    expect(read).toMatchObject({ map_id: yard, map: { _id: yard, title: 'Yard' }, y: 0, yaw: 359.99 });
    expect(read.x).toBe(Number('0.123456789012345678'));
    expect((await server.call('GET', `/api/locations/list/${hall}`, { token })).json.data.data).toEqual([]);
  });

  it('answers each validation message of a location under its field', async () => {
    const token = await owner();
    const mapId = await newMap(token, 'Hall');
    const empty = await saveLocation(token, 0, {});
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({
      title: [mapMessages.titleRequired],
      x: [mapMessages.xRequired],
      y: [mapMessages.yRequired],
      yaw: [mapMessages.yawRequired],
      map_id: [mapMessages.mapRequired],
    });
    const blank = await saveLocation(token, 0, { title: ' ', x: '', y: ' ', yaw: null, map_id: 0 });
    expect(blank.json.errors).toEqual({
      title: [mapMessages.titleRequired],
      x: [mapMessages.xRequired],
      y: [mapMessages.yRequired],
      yaw: [mapMessages.yawRequired],
      map_id: [mapMessages.mapRequired],
    });
    for (const value of [
      'abc',
      '1e3',
      '0x10',
      '1.',
      '.5',
      '1,5',
      '--1',
      '1234567890123',
      '0.1234567890123456789',
    ]) {
      const answer = await saveLocation(token, 0, { title: 'A', x: value, y: 1, yaw: 1, map_id: mapId });
      expect(answer.status, value).toBe(422);
      expect(answer.json.errors, value).toEqual({ x: [mapMessages.decimalInvalid] });
    }
    const huge = await saveLocation(token, 0, { title: 'A', x: 1, y: 1e12, yaw: 1, map_id: mapId });
    expect(huge.json.errors).toEqual({ y: [mapMessages.decimalInvalid] });
    const noMap = await saveLocation(token, 0, { title: 'A', x: 1, y: 1, yaw: 1, map_id: 999_999_999 });
    expect(noMap.status).toBe(422);
    expect(noMap.json.errors).toEqual({ map_id: [mapMessages.mapInvalid] });
    expect((await server.call('GET', '/api/locations/list/0', { token })).json.data.data).toEqual([]);
  });

  it('deletes a location, and a map with the locations on it', async () => {
    const token = await owner();
    const mapId = await newMap(token, 'Hall');
    const door = await newLocation(token, mapId, 'Door');
    const desk = await newLocation(token, mapId, 'Desk');
    expect((await server.call('DELETE', `/api/locations/${door}`, { token })).json).toEqual({ status: 1 });
    expect((await server.call('GET', `/api/locations/${door}`, { token })).status).toBe(404);
    expect((await server.call('DELETE', `/api/locations/${door}`, { token })).status).toBe(404);
    expect((await server.call('DELETE', `/api/maps/${mapId}`, { token })).json).toEqual({ status: 1 });
    expect((await server.call('GET', `/api/maps/${mapId}`, { token })).status).toBe(404);
    expect((await server.call('GET', `/api/locations/${desk}`, { token })).status).toBe(404);
    expect((await server.call('GET', '/api/locations/list/0', { token })).json.data.data).toEqual([]);
  });

  it("refuses every call on another owner's map or location and changes nothing", async () => {
    const ownerToken = await owner();
    const mapId = await newMap(ownerToken, 'Private map');
    const locationId = await newLocation(ownerToken, mapId, 'Private spot');
    const intruder = await owner();
    const ownMap = await newMap(intruder, 'Mine');
    const ownLocation = await newLocation(intruder, ownMap, 'My spot');
    const location = { title: 'Taken', x: 1, y: 2, yaw: 3 };
    const refused = [
      await server.call('GET', `/api/maps/${mapId}`, { token: intruder }),
      await saveMap(intruder, mapId, { title: 'Taken' }),
      await server.call('DELETE', `/api/maps/${mapId}`, { token: intruder }),
      await server.call('GET', `/api/locations/list/${mapId}`, { token: intruder }),
      await server.call('GET', `/api/locations/${locationId}`, { token: intruder }),
      await saveLocation(intruder, locationId, { ...location, map_id: ownMap }),
      await server.call('DELETE', `/api/locations/${locationId}`, { token: intruder }),
    ];
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.json).toEqual({ status: 0, msg: messages.notFound });
    }
    // a new location, or one's own location moved, onto another owner's map
    for (const id of [0, ownLocation]) {
      const answer = await saveLocation(intruder, id, { ...location, map_id: mapId });
      expect(answer.status).toBe(422);
      expect(answer.json.errors).toEqual({ map_id: [mapMessages.mapInvalid] });
    }
    expect((await server.call('GET', '/api/locations/list/0', { token: intruder })).json.data.data).toEqual([
      expect.objectContaining({ _id: ownLocation, title: 'My spot', map_id: ownMap }),
    ]);
    expect((await server.call('GET', '/api/maps/list/all', { token: intruder })).json.data).toEqual([
      { _id: ownMap, title: 'Mine' },
    ]);
    const untouched = await server.call('GET', `/api/locations/${locationId}`, { token: ownerToken });
    expect(untouched.json.data).toMatchObject({
      title: 'Private spot',
      map: { _id: mapId, title: 'Private map' },
    });
  });

  it('refuses bad ids and pages with 4xx, and every call without a sign-in with 401', async () => {
    const token = await owner();
    for (const path of ['/api/maps/abc', '/api/maps/0', '/api/locations/-1', '/api/locations/list/x']) {
      const answer = await server.call('GET', path, { token });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    expect((await server.call('GET', '/api/maps?page=abc', { token })).status).toBe(422);
    expect((await server.call('DELETE', '/api/maps/0', { token })).status).toBe(422);
    expect((await server.call('GET', '/api/maps')).status).toBe(401);
    expect((await server.call('POST', '/api/locations/0', { body: {} })).status).toBe(401);
  });
});
