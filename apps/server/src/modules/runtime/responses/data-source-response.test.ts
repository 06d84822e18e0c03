import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../../testing/conversation-server.ts';
import { MARIADB, POSTGRES, uniqueName } from '../../../testing/data-sources/data-sources.ts';
import { responseNoteOf } from '../../../testing/runtime/responses/response-trace.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import { setResponseServices } from './response-services.ts';

/** One SQL statement on an owner's database, as the test's own client. */
type RunSql = (text: string, params?: unknown[]) => Promise<unknown[]>;

const runOnMariaDb: RunSql = async (text, params = []) => {
  const connection = await createConnection({
    host: MARIADB.host,
    port: MARIADB.port,
    user: MARIADB.username,
    database: 'test',
  });
  try {
    return (await connection.query(text, params))[0] as unknown[];
  } finally {
    await connection.end();
  }
};

const runOnPostgres: RunSql = async (text, params = []) => {
  const { host, port, username: user, dbname: database } = POSTGRES;
  const client = new pg.Client({ host, port, user, database });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
};

const INJECTION = "'; DROP TABLE x; --";

const residents = [
  ['Amal', 'Cairo'],
  ['Badr', 'Cairo'],
  ['Chadi', 'Cairo'],
  ['Dina', 'Cairo'],
  ['Emad', 'Giza'],
  [INJECTION, 'Nowhere'],
];

/** The owners' databases here: the local MariaDB and PostgreSQL, a table of the test's own in each. */
const peers = [
  {
    label: 'MariaDB',
    run: runOnMariaDb,
    dataSource: { driver: 'MYSQL', host: MARIADB.host, port: MARIADB.port, dbname: 'test', username: 'root' },
    create: (table: string) =>
      `CREATE TABLE ${table} (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100), city VARCHAR(100))`,
    insert: (table: string) => `INSERT INTO ${table} (name, city) VALUES (?, ?)`,
    sleep: 'SELECT SLEEP(5) AS slept',
    write: (table: string) => `UPDATE ${table} SET city = 'Written'`,
    /** 0 while the write did not happen */
    written: (table: string) => `SELECT COUNT(*) AS n FROM ${table} WHERE city = 'Written'`,
  },
  {
    label: 'PostgreSQL',
    run: runOnPostgres,
    dataSource: { driver: 'POSTGRE_SQL', ...POSTGRES },
    create: (table: string) => `CREATE TABLE ${table} (id SERIAL PRIMARY KEY, name TEXT, city TEXT)`,
    insert: (table: string) => `INSERT INTO ${table} (name, city) VALUES ($1, $2)`,
    sleep: 'SELECT pg_sleep(5) AS slept',
    // a cursor takes only a query: the write is a function call that writes (the sequence), refused read-only
    write: (table: string) => `SELECT nextval('${table}_id_seq') AS id`,
    written: (table: string) => `SELECT last_value - ${residents.length} AS n FROM ${table}_id_seq`,
  },
];

describe.each(await testDatabaseKinds())('data_source responses on $label', (kind) => {
  describe.each(peers)('on $label', (peer) => {
    let server: ConversationServer;
    let bot: TestBot;
    let dataSourceId: number;
    const table = uniqueName('hiwar_people');

    beforeAll(async () => {
      await peer.run(peer.create(table));
      for (const [name, city] of residents) await peer.run(peer.insert(table), [name, city]);
      server = await startConversationServer(kind, {}, { outboundAllow: ['127.0.0.1'] });
      // a slow statement stops after 1 s here instead of 10 s
      setResponseServices(server.database.db, { timeouts: { sqlMs: 1_000 } });
      bot = await createBot(server);
      const saved = await server.call('POST', '/api/data_sources/save/0', {
        token: bot.token,
        body: { name: uniqueName('people'), ...peer.dataSource },
      });
      expect(saved.json?.status, saved.text).toBe(1);
      dataSourceId = saved.json.data.data_source_id;
    });
    afterAll(async () => {
      await server?.close();
      await peer.run(`DROP TABLE IF EXISTS ${table}`);
    });

    /** A command answering from the owner's SQL; a `who` variable is asked first when the SQL names it. */
    async function ask(sql: string, extra: Record<string, unknown> = {}, who?: string) {
      const variables =
        who === undefined
          ? []
          : [{ var_name: 'who', var_type: 'text' as const, var_val_text: 'x', var_prompt: 'Who?' }];
      const { id } = await addCommand(bot, {
        name: `sql ${Math.random()}`,
        examples: [],
        variables,
        response: {
          resp_type: 'data_source',
          resp_data_source_id: dataSourceId,
          resp_data_source_query_string: sql,
          resp_data_source_resp_struct: { title_key: 'name', subtitle_key: 'city' },
          resp_fallback_msg: 'Nothing found.',
          ...extra,
        },
      });
      const sender = newSender(bot);
      const started = await sender.send({ type: 'postback', payload: `cmd:${id}` });
      if (who === undefined) return started;
      return sender.send({ type: 'text', text: who });
    }

    it('renders the rows through the struct, at most the limit', async () => {
      const sql = `SELECT name, city FROM ${table} WHERE city = 'Cairo' ORDER BY id;`;
      expect((await ask(sql)).replies).toEqual([
        { type: 'text', text: 'Amal — Cairo\nBadr — Cairo\nChadi — Cairo' },
      ]);
      expect(
        (await ask(sql, { resp_data_source_resp_data_limit: 2, resp_data_source_resp_via: 'card' })).replies,
      ).toEqual([
        {
          type: 'cards',
          cards: [
            { title: 'Amal', subtitle: 'Cairo', media: '', buttons: [] },
            { title: 'Badr', subtitle: 'Cairo', media: '', buttons: [] },
          ],
        },
      ]);
    });

    it('sends a variable as a bound parameter: a value full of SQL arrives as data', async () => {
      const sql = `SELECT name, city FROM ${table} WHERE name = '{{who}}'`;
      expect((await ask(sql, {}, INJECTION)).replies).toEqual([
        { type: 'text', text: `${INJECTION} — Nowhere` },
      ]);
      expect((await ask(sql, {}, `Amal${INJECTION}`)).replies).toEqual([
        { type: 'text', text: 'Nothing found.' },
      ]);
      const [count] = (await peer.run(`SELECT COUNT(*) AS count FROM ${table}`)) as { count: unknown }[];
      expect(Number(count?.count)).toBe(residents.length);
    });

    it('stops a statement that outlives the timeout and answers the fallback', async () => {
      const started = Date.now();
      const { replies, turn_id } = await ask(peer.sleep);
      expect(replies).toEqual([{ type: 'text', text: 'Nothing found.' }]);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(await responseNoteOf(server, turn_id)).toMatch(
        /^data_source: failed, .*(timeout|time|interrupted)/i,
      );
    });

    it('refuses a write in the read-only transaction', async () => {
      const { replies, turn_id } = await ask(peer.write(table));
      expect(replies).toEqual([{ type: 'text', text: 'Nothing found.' }]);
      expect(await responseNoteOf(server, turn_id)).toMatch(/read[- ]only/i);
      const [written] = (await peer.run(peer.written(table))) as { n: unknown }[];
      expect(Number(written?.n)).toBe(0);
    });

    it('answers the fallback once the data source is switched off', async () => {
      const sql = `SELECT name FROM ${table} ORDER BY id`;
      expect((await ask(sql)).replies).toEqual([{ type: 'text', text: 'Amal\nBadr\nChadi' }]);
      const off = await server.call('PATCH', `/api/data_sources/change_status/${dataSourceId}`, {
        token: bot.token,
      });
      expect(off.json?.status, off.text).toBe(1);
      const { replies, turn_id } = await ask(sql);
      expect(replies).toEqual([{ type: 'text', text: 'Nothing found.' }]);
      expect(await responseNoteOf(server, turn_id)).toContain('switched off');
    });
  });
});
