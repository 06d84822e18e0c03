import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import type { Tables } from './tables.ts';
import { WriteCache } from './write-cache.ts';
import { writeWatchOf } from './write-watch.ts';

type NoteTables = {
  notes: { id: Generated<number>; body: string };
  tags: { id: Generated<number>; name: string };
};

describe.each(await testDatabaseKinds())('the write watch and cache on $label', (kind) => {
  let handle: DatabaseHandle;
  let db: Kysely<Tables & NoteTables>;
  let drop: () => Promise<void>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hiwar-write-cache-'));
    const created = await kind.create(dataDir);
    drop = created.drop;
    handle = openDatabase(created.target);
    db = handle.db.withTables<NoteTables>();
    const id = handle.dialect === 'postgres' ? sql`id serial primary key` : sql`id integer primary key`;
    await sql`create table notes (${id}, body text not null)`.execute(db);
    await sql`create table tags (${id}, name text not null)`.execute(db);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The tables the watch reports while `run` runs. */
  async function reportedDuring(run: () => Promise<unknown>): Promise<string[][]> {
    const reports: string[][] = [];
    const unsubscribe = writeWatchOf(handle.db)?.subscribe((tables) => reports.push([...tables]));
    try {
      await run();
    } finally {
      unsubscribe?.();
    }
    return reports;
  }

  it('reports a write after it ran, a transaction’s writes only once committed, and no read', async () => {
    expect(await reportedDuring(() => db.insertInto('notes').values({ body: 'a' }).execute())).toEqual([
      ['notes'],
    ]);
    expect(await reportedDuring(() => db.selectFrom('notes').selectAll().execute())).toEqual([]);
    expect(await reportedDuring(() => sql`select 1`.execute(db))).toEqual([]);

    const reports: string[][] = [];
    const unsubscribe = writeWatchOf(handle.db)?.subscribe((tables) => reports.push([...tables]));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('notes').set({ body: 'b' }).execute();
      await trx.deleteFrom('tags').execute();
      expect(reports).toEqual([]);
    });
    expect(reports.map((tables) => tables.sort())).toEqual([['notes', 'tags']]);
    unsubscribe?.();

    const rolledBack = reportedDuring(() =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('tags').values({ name: 'x' }).execute();
          throw new Error('undo');
        })
        .catch(() => undefined),
    );
    expect(await rolledBack).toEqual([]);
  });

  it('passes savepoints through and reports what the transaction wrote when it commits', async () => {
    const reports = await reportedDuring(async () => {
      const trx = await db.startTransaction().execute();
      await trx.insertInto('tags').values({ name: 'kept' }).execute();
      const saved = await trx.savepoint('before_note').execute();
      await saved.insertInto('notes').values({ body: 'undone' }).execute();
      await saved.rollbackToSavepoint('before_note').execute();
      await trx.commit().execute();
    });
    // the undone insert is reported too: an extra report only costs a cache reload
    expect(reports.map((tables) => [...tables].sort())).toEqual([['notes', 'tags']]);
    expect(await db.selectFrom('notes').where('body', '=', 'undone').selectAll().execute()).toEqual([]);
  });

  it('keeps a value until a write to a table it reads from, and ignores writes to other tables', async () => {
    const cache = new WriteCache<number>({
      tables: { only: new Set(['notes']) },
      maxAgeMs: 60_000,
      maxEntries: 10,
    });
    let loads = 0;
    const count = () =>
      cache.get(handle.db, 'notes', async () => {
        loads += 1;
        return (await db.selectFrom('notes').selectAll().execute()).length;
      });
    const before = await count();
    expect(await count()).toBe(before);
    await db.insertInto('tags').values({ name: 'other' }).execute();
    expect(await count()).toBe(before);
    expect(loads).toBe(1);
    await db.insertInto('notes').values({ body: 'new' }).execute();
    expect(await count()).toBe(before + 1);
    expect(loads).toBe(2);
  });

  it('answers an old entry while it loads a fresh one, and does not cache a handle it cannot watch', async () => {
    let now = 0;
    const cache = new WriteCache<{ n: number }>({
      tables: { allBut: new Set() },
      maxAgeMs: 1000,
      maxEntries: 10,
      now: () => now,
    });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get(handle.db, 'k', load)).toEqual({ n: 1 });
    now = 1000;
    expect(await cache.get(handle.db, 'k', load)).toEqual({ n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    const fresh = await cache.get(handle.db, 'k', load);
    expect(fresh).toEqual({ n: 2 });
    expect(Object.isFrozen(fresh)).toBe(true);

    const unwatched = {};
    expect(await cache.get(unwatched, 'k', load)).toEqual({ n: 3 });
    expect(await cache.get(unwatched, 'k', load)).toEqual({ n: 4 });
  });
});
