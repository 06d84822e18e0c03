import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('the SQLite statement cache', () => {
  const database = new SQLite(':memory:');
  afterEach(() => vi.restoreAllMocks());

  it('prepares the same SQL once and keeps answering with fresh values', async () => {
    const prepare = vi.spyOn(database, 'prepare');
    const db = new Kysely<{ notes: { id: Generated<number>; body: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    for (const body of ['one', 'two', 'three']) await db.insertInto('notes').values({ body }).execute();
    const bodies = [];
    for (const id of [1, 2, 3])
      bodies.push(
        (await db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst())?.body,
      );

    expect(bodies).toEqual(['one', 'two', 'three']);
    const preparedSql = prepare.mock.calls.map(([text]) => text);
    expect(preparedSql.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(preparedSql.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('forgets the least recently used statement beyond its limit', () => {
    const prepare = vi.spyOn(database, 'prepare');
    const cache = withStatementCache(database, 2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1');
    cache.prepare('select 3'); // evicts "select 2"
    cache.prepare('select 1');
    cache.prepare('select 2');
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([
      'select 1',
      'select 2',
      'select 3',
      'select 2',
    ]);
  });
});
