import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  databaseForProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../testing/server-process.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { SharedRateLimiter } from './shared-limiter.ts';

async function countAccepted(takes: Promise<boolean>[]): Promise<number> {
  return (await Promise.all(takes)).filter(Boolean).length;
}

describe.each(await testDatabaseKinds())('rate limits shared through the database on $label', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-limits-'));
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await kind.create(dataDir);
    drop = created.drop;
    handle = openDatabase(created.target);
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets exactly the limit through two limiters (two processes) taking in turn, concurrently too', async () => {
    const now = () => 1_000_000;
    const rule = { name: 'test.exact', limit: 30, windowMs: 60_000 };
    const [a, b] = [new SharedRateLimiter(handle.db, rule, now), new SharedRateLimiter(handle.db, rule, now)];
    const takes: Promise<boolean>[] = [];
    for (let i = 0; i < 40; i += 1) takes.push((i % 2 === 0 ? a : b).take('key-1'));
    expect(await countAccepted(takes)).toBe(30);
    // another key and a later window count from zero
    expect(await a.take('key-2')).toBe(true);
    const later = new SharedRateLimiter(handle.db, rule, () => 1_000_000 + 60_000);
    expect(await later.take('key-1')).toBe(true);
  });

  it('never lets more than the limit through when processes reserve blocks, and a new process keeps the count', async () => {
    const now = () => 5_000_000;
    const rule = { name: 'test.blocks', limit: 60, windowMs: 10_000, block: 6 };
    const processes = [0, 1, 2].map(() => new SharedRateLimiter(handle.db, rule, now));
    let accepted = 0;
    for (let i = 0; i < 45; i += 1)
      if (await (processes[i % 3] as SharedRateLimiter).take('sender')) accepted += 1;
    expect(accepted).toBe(45);
    // the processes go (a restart, kill -9): their unused reservations are spent, never handed out twice
    const restarted = new SharedRateLimiter(handle.db, rule, now);
    let after = 0;
    for (let i = 0; i < 40; i += 1) if (await restarted.take('sender')) after += 1;
    expect(accepted + after).toBeLessThanOrEqual(60);
    expect(after).toBeGreaterThanOrEqual(60 - 45 - 3 * 6);
    expect(await restarted.take('sender')).toBe(false);
  });

  it('forgets finished windows', async () => {
    let clock = 9_000_000;
    const limiter = new SharedRateLimiter(
      handle.db,
      { name: 'test.sweep', limit: 5, windowMs: 1000 },
      () => clock,
    );
    await limiter.take('a');
    clock += 5000;
    await limiter.take('a');
    await new Promise((done) => setTimeout(done, 100));
    const rows = await handle.db
      .selectFrom('rate_limits')
      .select('window_start')
      .where('limit_key', '=', 'test.sweep:a')
      .execute();
    expect(rows.map((row) => Number(row.window_start))).toEqual([9_005_000]);
  });
});

describe.each(await testDatabaseKinds())(
  'the external send limit across servers and restarts on $label',
  (kind) => {
    let servers: ServerProcess[] = [];
    let database: Awaited<ReturnType<typeof databaseForProcesses>>;
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await databaseForProcesses(kind, 'hiwar-limits-servers-');
      env = database.env;
    });
    afterAll(async () => {
      for (const server of servers) await server.kill();
      await database.remove();
    });

    it('accepts exactly 30 sends a minute per key from two servers, across a kill -9 of one', async () => {
      // SQLite is one server's database: its second "server" is the same server after a kill -9
      const first = await startServerProcess(env);
      servers.push(first);
      const { token } = await registerAndLogin(first);
      const saved = await first.call('POST', '/api/subscription/save/0', {
        token,
        body: { sc_title: 'News' },
      });
      const browsed = await first.call('GET', `/api/subscription/browse/${saved.json.id}`, { token });
      const body = {
        api_key: browsed.json.data.api_key,
        values: [],
        data: { type: 'text', title: 'Hello', redirect_type: 'web_wedgit' },
      };
      const send = (server: ServerProcess) =>
        server.call('POST', '/api/send_to_subscribers_from_api', { body });
      const second = kind.label === 'postgres' ? await startServerProcess(env) : first;
      if (second !== first) servers.push(second);

      // the limit counts in fixed minutes of the clock: the 40 sends (and the restart between them, up to 15 s
      // under load) start early enough in one to end in it, else a new minute would accept more than 30
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 30_000) await new Promise((done) => setTimeout(done, 60_000 - intoMinute + 200));
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await send(i % 2 === 0 ? first : second)).status);
      await first.kill();
      servers = servers.filter((server) => server !== first);
      const restarted = await startServerProcess(env);
      servers.push(restarted);
      const survivor = second === first ? restarted : second;
      for (let i = 0; i < 20; i += 1) statuses.push((await send(i % 2 === 0 ? restarted : survivor)).status);

      expect(statuses.filter((status) => status === 422)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const refused = await send(survivor);
      expect(refused.json.msg).toBe(
        'Too many sends with this api key: at most 30 a minute, please try again in a minute',
      );
    }, 90_000);
  },
);
