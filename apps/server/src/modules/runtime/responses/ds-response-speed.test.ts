import { performance } from 'node:perf_hooks';
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
import { distanceKm, foldText } from '../../datasets/dataset-record-match.ts';
import { insertDatasetRecords, refreshRecordStatistics } from '../../datasets/dataset-record-repository.ts';

/**
 * A 10,000-record dataset queried by one LIKE and one NEARBY command (bench:chat's live-data run measures
 * these at 200 messages/s): the answers equal a brute-force reading of the records, and the time per message
 * is printed (not asserted: timing is the bench's job).
 */
const RECORDS = 10_000;
const FIRST_NAMES = ['أحمد', 'محمد', 'فاطمة', 'علي', 'Jürgen', 'Anna', 'Omar', 'Layla', 'Mona', 'Karim'];
const CENTRE = { lat: 30.0444, lng: 31.2357 };

/** A fixed pseudo-random sequence, so every run reads the same records. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function recordsOf(count: number) {
  const next = sequence(7);
  return Array.from({ length: count }, (_, index) => {
    const lat = CENTRE.lat + (next() - 0.5) * 0.8;
    const lng = CENTRE.lng + (next() - 0.5) * 0.8;
    const first = FIRST_NAMES[Math.floor(next() * FIRST_NAMES.length)];
    return {
      name: `${first} ${index}`,
      place: { type: 'Point', coordinates: [lng, lat], address: `Street ${index}` },
    };
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

describe.each(await testDatabaseKinds())('dataset queries over 10,000 records on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  const records = recordsOf(RECORDS);
  let likeId: number;
  let nearbyId: number;

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const schema = [
      { name: 'name', type: 'text', permission: 'rw' },
      { name: 'place', type: 'location', permission: 'rw' },
    ];
    const saved = await server.call('POST', '/api/dataset/save/0', {
      token: bot.token,
      body: { ds_name: 'Big', ds_schema: schema },
    });
    const dsId = saved.json.data.ds_id as number;
    await insertDatasetRecords(server.database.db, { dsId, userId: bot.userId }, records);
    await refreshRecordStatistics(server.database.db, server.database.dialect);
    const command = async (name: string, element: Record<string, unknown>, variables = [] as object[]) =>
      (
        await addCommand(bot, {
          name,
          examples: [],
          variables,
          response: {
            resp_type: 'ds',
            resp_dataset_id: dsId,
            resp_dataset: {
              ds_id: dsId,
              groups: [[{ var_id: null, field_type: '', ...element }]],
              resp: { via: 'text', limit: 3, title: 'name' },
            },
          },
        })
      ).id;
    likeId = await command('like', { field_name: 'name', rel: 'LIKE', value: 'احمد 12' });
    nearbyId = await command('nearby', { field_name: 'place', rel: 'NEARBY', value: '3' }, [
      { var_name: 'here', var_type: 'location', var_prompt: 'Where are you?' },
    ]);
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  /** Runs `run` (after `prepare`, untimed) `times` times: its last answer and the time it took. */
  async function timed(run: () => Promise<unknown>, times: number, prepare = async () => {}) {
    const durations: number[] = [];
    let last: unknown;
    for (let index = 0; index < times; index += 1) {
      await prepare();
      const started = performance.now();
      last = await run();
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    return { last, p50: percentile(durations, 0.5), p99: percentile(durations, 0.99) };
  }

  it('answers a normalised LIKE like a scan of every record would', async () => {
    const expected = records
      .filter((record) => foldText(record.name).includes(foldText('احمد 12')))
      .slice(0, 3)
      .map((record) => record.name);
    expect(expected.length).toBe(3);
    const sender = newSender(bot);
    const { last, p50, p99 } = await timed(() => sender.press(`cmd:${likeId}`), 60);
    expect(last).toEqual([{ type: 'text', text: expected.join('\n') }]);
    console.info(
      `${kind.label}: LIKE over ${RECORDS} records, per message p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
  });

  it('answers NEARBY with the three nearest records within 3 km of the shared location', async () => {
    const from = { lat: 30.05, lng: 31.24 };
    const expected = records
      .map((record) => {
        const [lng = 0, lat = 0] = record.place.coordinates;
        return { name: record.name, distance: distanceKm(from, { lat, lng }) };
      })
      .filter((record) => record.distance <= 3)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 3)
      .map((record) => record.name);
    expect(expected.length).toBe(3);
    const sender = newSender(bot);
    const { last, p50, p99 } = await timed(
      async () => (await sender.send({ type: 'location', ...from })).replies,
      30,
      async () => void (await sender.press(`cmd:${nearbyId}`)),
    );
    expect(last).toEqual([{ type: 'text', text: expected.join('\n') }]);
    console.info(
      `${kind.label}: NEARBY over ${RECORDS} records, per message p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
  });
});
