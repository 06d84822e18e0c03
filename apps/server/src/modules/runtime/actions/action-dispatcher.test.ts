import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../../testing/accounts.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { modules } from '../../index.ts';
import { createActionDispatcher } from './action-dispatcher.ts';
import { claimDueActions, insertActions, listTurnActions, releaseStaleActions } from './action-repository.ts';

const mail = { kind: 'mail' as const, to: ['a@example.com'], subject: 'Hi', text: 'Body' };
const api = {
  kind: 'api' as const,
  url: 'https://example.com',
  requestType: 'get' as const,
  headers: {},
  params: {},
};

describe.each(await testDatabaseKinds())('the turn actions queue on $label', (kind) => {
  let server: TestServer;
  let userId: number;
  let turnId = 1000;
  beforeAll(async () => {
    // without the server's own dispatcher: the test drives one at the times it chooses
    server = await startTestServer(
      kind,
      {},
      modules.filter((module) => module.name !== 'turn-actions'),
    );
    userId = (await registerAndLogin(server)).userId;
  });
  afterAll(async () => server?.close());

  /** Runs the dispatcher until it has looked at the queue once, at the given time. */
  async function drainAt(now: Date, perform: () => Promise<void>): Promise<void> {
    const dispatcher = createActionDispatcher({
      db: server.database.db,
      perform,
      now: () => now,
      pollMs: 60_000,
    });
    dispatcher.start();
    await dispatcher.stop();
  }

  it('retries failed mail twice, 30 s and 2 min apart, and an api call never', async () => {
    turnId += 1;
    await insertActions(server.database.db, userId, turnId, [mail, api]);
    const start = new Date('2030-01-01T00:00:00.000Z');
    const failing = async () => {
      throw new Error('connection refused');
    };
    await drainAt(start, failing);
    expect(await listTurnActions(server.database.db, turnId)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, lastError: 'connection refused' }),
      expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'connection refused' }),
    ]);
    await drainAt(new Date(start.getTime() + 10_000), failing);
    expect((await listTurnActions(server.database.db, turnId))[0]?.attempts).toBe(1);
    await drainAt(new Date(start.getTime() + 31_000), failing);
    expect((await listTurnActions(server.database.db, turnId))[0]).toEqual(
      expect.objectContaining({ status: 'pending', attempts: 2 }),
    );
    await drainAt(new Date(start.getTime() + 31_000 + 121_000), failing);
    expect((await listTurnActions(server.database.db, turnId))[0]).toEqual(
      expect.objectContaining({ status: 'failed', attempts: 3 }),
    );
  });

  it('takes back an action a dead process left running, and never gives one to two claimers', async () => {
    turnId += 1;
    await insertActions(server.database.db, userId, turnId, [mail]);
    const now = new Date('2030-02-01T00:00:00.000Z');
    const [first, second] = await Promise.all([
      claimDueActions(server.database.db, now, 10),
      claimDueActions(server.database.db, now, 10),
    ]);
    const claims = [...(first ?? []), ...(second ?? [])].filter((stored) => stored.turnId === turnId);
    expect(claims).toHaveLength(1);
    expect(await releaseStaleActions(server.database.db, new Date(now.getTime() + 60_000), 5 * 60_000)).toBe(
      0,
    );
    expect(
      await releaseStaleActions(server.database.db, new Date(now.getTime() + 6 * 60_000), 5 * 60_000),
    ).toBe(1);
    await drainAt(new Date(now.getTime() + 6 * 60_000), async () => {});
    expect(await listTurnActions(server.database.db, turnId)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 2 }),
    ]);
  });
});
