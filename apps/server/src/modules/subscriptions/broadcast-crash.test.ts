import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../platform/db/database.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import { type ServerProcess, serverEnvOf, startServerProcess } from '../../testing/server-process.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import type { NoticeTables } from '../notices/notice-tables.ts';
import type { SubscriptionTables } from './subscription-tables.ts';

const kinds = await testDatabaseKinds();
const SUBSCRIBERS = 1500;

async function until<T>(read: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(kinds)('a broadcast killed mid-send on $label', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshDatabase() {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-broadcast-'));
    const { target, drop } = await kind.create(dataDir);
    // the web messenger throttled to 300 a second: the send lasts about five seconds, long enough to kill
    const env = { ...serverEnvOf(target, dataDir), BROADCAST_RATES: 'web=300' };
    const processes: ServerProcess[] = [];
    let handle: DatabaseHandle | undefined;
    cleanups.push(async () => {
      await Promise.all(processes.map((server) => server.kill()));
      await handle?.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const start = async () => {
      const server = await startServerProcess(env);
      processes.push(server);
      return server;
    };
    // opened after the first server migrated the database
    const db = () => {
      handle ??= openDatabase(target);
      return handle.db.withTables<SubscriptionTables & NoticeTables>();
    };
    return { start, db };
  }

  it('delivers every recipient exactly once after a kill -9 and a restart', async () => {
    const { start, db } = await freshDatabase();
    const first = await start();
    const owner = await registerAndLogin(first);
    const saved = await first.call('POST', '/api/subscription/save/0', {
      token: owner.token,
      body: { sc_title: 'Morning news' },
    });
    const channelId: number = saved.json.id;
    const senderIds = Array.from({ length: SUBSCRIBERS }, (_, index) => String(900_000 + index));
    for (let startAt = 0; startAt < senderIds.length; startAt += 300) {
      await db()
        .insertInto('subscribers')
        .values(
          senderIds.slice(startAt, startAt + 300).map((senderId) => ({
            channel_id: channelId,
            user_id: owner.userId,
            platform: 'web',
            sender_id: senderId,
          })),
        )
        .execute();
    }

    const sent = await first.call('POST', '/api/subscription/send_to_subscribers', {
      token: owner.token,
      body: {
        channel_id: channelId,
        data: { type: 'text', title: 'crash run', redirect_type: 'web_wedgit' },
        values: [],
        platform: null,
        sub_count: SUBSCRIBERS,
      },
    });
    expect(sent.json, sent.text).toMatchObject({ status: 1, count: SUBSCRIBERS });
    const notificationId: number = sent.json.notification_id;
    const progress = () =>
      db().selectFrom('notifications').selectAll().where('id', '=', notificationId).executeTakeFirstOrThrow();
    const atKill = await until(
      async () => {
        const row = await progress();
        return row.sent >= SUBSCRIBERS / 4 ? row : undefined;
      },
      20_000,
      'a quarter of the send',
    );
    await first.kill();
    const afterKill = await progress();
    // the kill came mid-send: there is something left for the restarted server
    expect(afterKill.status).toBe('sending');
    expect(afterKill.sent).toBeLessThan(SUBSCRIBERS);
    expect(afterKill.sent).toBeGreaterThanOrEqual(atKill.sent);

    await start();
    const done = await until(
      async () => {
        const row = await progress();
        return row.status === 'done' ? row : undefined;
      },
      30_000,
      'the send finishing after the restart',
    );
    expect(done).toMatchObject({ total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0, skipped: 0 });
    const left = await db()
      .selectFrom('notification_outbox')
      .select('status')
      .where('notification_id', '=', notificationId)
      .where('status', '!=', 'sent')
      .execute();
    expect(left).toEqual([]);
    const notices = await db()
      .selectFrom('sender_notices')
      .select(['sender_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', owner.userId)
      .groupBy('sender_id')
      .execute();
    const countOf = new Map(notices.map((row) => [row.sender_id, Number(row.count)]));
    const duplicated = senderIds.filter((senderId) => (countOf.get(senderId) ?? 0) > 1);
    const lost = senderIds.filter((senderId) => (countOf.get(senderId) ?? 0) === 0);
    expect({ duplicated: duplicated.length, lost: lost.length }).toEqual({ duplicated: 0, lost: 0 });
    const workers = await db()
      .selectFrom('notification_outbox')
      .select('settled_by')
      .distinct()
      .where('notification_id', '=', notificationId)
      .execute();
    // both the killed process and the restarted one delivered part of it
    expect(workers.length).toBe(2);
    console.info(`${kind.label}: killed at ${afterKill.sent} of ${SUBSCRIBERS}; every recipient once`);
  });

  it.runIf(kind.label === 'postgres')(
    'lets two live servers share one send without sending twice',
    async () => {
      const { start, db } = await freshDatabase();
      const first = await start();
      await start();
      const owner = await registerAndLogin(first);
      const saved = await first.call('POST', '/api/subscription/save/0', {
        token: owner.token,
        body: { sc_title: 'Shared' },
      });
      const channelId: number = saved.json.id;
      const senderIds = Array.from({ length: SUBSCRIBERS }, (_, index) => String(800_000 + index));
      await db()
        .insertInto('subscribers')
        .values(
          senderIds.map((senderId) => ({
            channel_id: channelId,
            user_id: owner.userId,
            platform: 'web',
            sender_id: senderId,
          })),
        )
        .execute();
      const sent = await first.call('POST', '/api/subscription/send_to_subscribers', {
        token: owner.token,
        body: {
          channel_id: channelId,
          data: { type: 'text', title: 'shared run', redirect_type: 'web_wedgit' },
          values: [],
          platform: null,
          sub_count: SUBSCRIBERS,
        },
      });
      const notificationId: number = sent.json.notification_id;
      await until(
        async () => {
          const row = await db()
            .selectFrom('notifications')
            .select('status')
            .where('id', '=', notificationId)
            .executeTakeFirstOrThrow();
          return row.status === 'done' ? true : undefined;
        },
        30_000,
        'the shared send finishing',
      );
      const perWorker = await db()
        .selectFrom('notification_outbox')
        .select(['settled_by', (eb) => eb.fn.countAll<number>().as('count')])
        .where('notification_id', '=', notificationId)
        .groupBy('settled_by')
        .execute();
      // each process delivered a part (the second one polls within a second and joins)
      expect(perWorker.length).toBe(2);
      const notices = await db()
        .selectFrom('sender_notices')
        .select(({ fn }) => [
          fn.countAll<number>().as('count'),
          fn.count<number>('sender_id').distinct().as('senders'),
        ])
        .where('user_id', '=', owner.userId)
        .executeTakeFirstOrThrow();
      expect({ notices: Number(notices.count), senders: Number(notices.senders) }).toEqual({
        notices: SUBSCRIBERS,
        senders: SUBSCRIBERS,
      });
    },
  );
});
