import { messages } from '@hiwar/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/**
 * A full disk, made on SQLite by capping the database's size at what it holds (max_page_count) and filling the
 * free pages: every write then fails with SQLITE_FULL, as on a disk with no space left. (PostgreSQL's
 * "disk full", 53100, is answered the same way by the same code; it cannot be made here without filling a disk.)
 */
const sqlite = (await testDatabaseKinds()).filter((kind) => kind.label === 'sqlite');

describe.each(sqlite)('a full disk on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  const send = (senderId: number, text: string) =>
    server.call('POST', `/widget/api/${bot.botToken}/messages`, {
      body: { sender_id: senderId, event: { type: 'text', text } },
    });

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'opening hours',
      examples: ['when are you open', 'opening hours please', 'what time do you open', 'are you open today'],
      response: { resp_text: 'We open at nine.' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  async function fillTheDisk() {
    const { db } = server.database;
    await sql`create table if not exists filler (x blob)`.execute(db);
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${Number(pages.rows[0]?.page_count) + 8}`).execute(db);
    // large rows take the free pages, smaller ones the room left in pages
    for (const size of [3000, 1000, 300, 100, 30, 8]) {
      for (;;) {
        try {
          await sql`insert into filler values (randomblob(${size}))`.execute(db);
        } catch {
          break;
        }
      }
    }
  }

  async function freeSpace() {
    const { db } = server.database;
    await sql`drop table filler`.execute(db);
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
  }

  it('answers the messenger 503 with Retry-After, fails readiness, and works again once space returns', async () => {
    expect((await send(41, 'when are you open')).json.replies).toEqual([
      { type: 'text', text: 'We open at nine.' },
    ]);
    await fillTheDisk();

    // what room is left inside the tables' pages takes a few more turns; then nothing fits
    let refused = await send(42, 'when are you open');
    for (let sent = 1; refused.status === 200 && sent < 300; sent += 1) {
      refused = await send(42 + (sent % 40), 'when are you open');
    }
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.json).toEqual({ status: 0, msg: messages.storageFull });
    const ready = await server.call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.msg).toBe('The database cannot write: the storage is full');
    // reading still works: the server is alive, only not ready
    expect((await server.call('GET', '/api/health')).status).toBe(200);

    await freeSpace();
    expect((await server.call('GET', '/api/health/ready')).status).toBe(200);
    const again = await send(42, 'when are you open');
    expect(again.status).toBe(200);
    expect(again.json.replies).toEqual([{ type: 'text', text: 'We open at nine.' }]);
  });
});
