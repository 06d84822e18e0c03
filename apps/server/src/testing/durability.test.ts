import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { registerAndLogin } from './accounts.ts';
import { type ServerProcess, serverEnvOf, startServerProcess } from './server-process.ts';
import { testDatabaseKinds } from './test-databases.ts';

/**
 * Nothing acknowledged is lost: a server process is killed with SIGKILL while clients write — authors save
 * services, their commands and examples; messenger senders talk to the bot (group-committed turns) — and after
 * each restart every write that was answered `status: 1` is there. A few rounds here;
 * `npm run test:durability -- --rounds 20` runs more (HIWAR_DURABILITY_ROUNDS).
 */
const ROUNDS = Number(process.env.HIWAR_DURABILITY_ROUNDS ?? 3);
const AUTHORS = 4;
const SENDERS = 4;

/** Each table written, its id column and the column holding the text the write put there. */
const columnsOf = {
  services: { id: 'service_id', text: 'service_name' },
  commands: { id: 'command_id', text: 'command_name' },
  command_examples: { id: '_id', text: 'example_text' },
  // the incoming event as JSON: its text is compared
  conversation_turns: { id: 'id', text: 'event' },
} as const;
type Table = keyof typeof columnsOf;

interface AcknowledgedWrite {
  table: Table;
  id: number;
  text: string;
}

interface Writes {
  acknowledged: AcknowledgedWrite[];
  /** what the server refused: nothing should be, a refusal would hide a write from the test */
  refused: string[];
}

/** Posts one write; on `status: 1` records it as acknowledged. Throws once the server stops answering. */
function writerOn(server: ServerProcess, writes: Writes, token?: string) {
  return async (table: Table, path: string, body: Record<string, unknown>, text: string) => {
    const answer = await server.call('POST', path, { body, ...(token && { token }) });
    if (answer.json?.status !== 1) {
      writes.refused.push(`${path}: ${answer.status} ${answer.text}`);
      throw new Error('refused');
    }
    const id = Number(answer.json.id ?? answer.json.data?._id ?? answer.json.turn_id);
    writes.acknowledged.push({ table, id, text });
    return id;
  };
}

/** Until the server is killed: a write in flight then is not acknowledged and may or may not be there. */
async function untilKilled(work: (step: number) => Promise<void>): Promise<void> {
  try {
    for (let step = 0; ; step += 1) await work(step);
  } catch {
    // the server stopped answering (or refused: recorded by the writer)
  }
}

function author(server: ServerProcess, writes: Writes, token: string, client: number) {
  const write = writerOn(server, writes, token);
  return untilKilled(async (step) => {
    const tag = `${client}-${step}-${Date.now().toString(36)}`;
    const service = await write('services', '/api/service/save', { service_name: `s ${tag}` }, `s ${tag}`);
    const command = await write(
      'commands',
      `/api/command/save/${service}/0`,
      { command_name: `c ${tag}` },
      `c ${tag}`,
    );
    const text = `book a table for ${tag}`;
    const example = { example_command_id: command, example_text: text };
    await write('command_examples', '/api/command_example/save_example', example, text);
  });
}

/** A new sender per message keeps under the per-sender rate limit and writes a sender row each time too. */
function sender(server: ServerProcess, writes: Writes, botToken: string, client: number) {
  const write = writerOn(server, writes);
  return untilKilled(async (step) => {
    const text = `hello from ${client} step ${step} ${Date.now().toString(36)}`;
    const body = { sender_id: (client + 1) * 1_000_000 + step, event: { type: 'text', text } };
    await write('conversation_turns', `/widget/api/${botToken}/messages`, body, text);
  });
}

async function untilAcknowledged(writes: Writes, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (writes.acknowledged.length < count && writes.refused.length === 0) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} writes acknowledged in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function lostWrites(db: Database, acknowledged: AcknowledgedWrite[]): Promise<AcknowledgedWrite[]> {
  const lost: AcknowledgedWrite[] = [];
  for (const table of Object.keys(columnsOf) as Table[]) {
    const expected = acknowledged.filter((write) => write.table === table);
    if (expected.length === 0) continue;
    const { id, text } = columnsOf[table];
    const { rows } = await sql<{ id: number; text: string }>`
      select ${sql.ref(id)} as id, ${sql.ref(text)} as text from ${sql.table(table)}
      where ${sql.ref(id)} in (${sql.join(expected.map((write) => write.id))})`.execute(db);
    const stored = new Map(
      rows.map((row) => [
        Number(row.id),
        table === 'conversation_turns' ? JSON.parse(row.text).text : row.text,
      ]),
    );
    lost.push(...expected.filter((write) => stored.get(write.id) !== write.text));
  }
  return lost;
}

describe.each(await testDatabaseKinds())('acknowledged writes after kill -9 on $label', (kind) => {
  it(`keeps every write answered status 1 through ${ROUNDS} crashes`, {
    timeout: 60_000 + ROUNDS * 20_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-durability-'));
    const { target, drop } = await kind.create(dataDir);
    const env = serverEnvOf(target, dataDir);
    let server = await startServerProcess(env);
    const handle = openDatabase(target);
    try {
      const { token } = await registerAndLogin(server);
      const botToken = (await server.call('GET', '/api/chatbot/browse', { token })).json.user_token;
      const writes: Writes = { acknowledged: [], refused: [] };
      for (let round = 1; round <= ROUNDS; round += 1) {
        const before = writes.acknowledged.length;
        const clients = [
          ...Array.from({ length: AUTHORS }, (_, client) => author(server, writes, token, client)),
          ...Array.from({ length: SENDERS }, (_, client) => sender(server, writes, botToken, client)),
        ];
        // killed after a random number of new acknowledgements, not a set time: a loaded machine still writes
        await untilAcknowledged(writes, before + 10 + Math.floor(Math.random() * 40));
        await server.kill();
        await Promise.all(clients);
        expect(writes.refused).toEqual([]);
        server = await startServerProcess(env);
        expect(await lostWrites(handle.db, writes.acknowledged), `lost in round ${round}`).toEqual([]);
        const byTable = Object.keys(columnsOf).map(
          (table) => `${writes.acknowledged.filter((write) => write.table === table).length} ${table}`,
        );
        console.info(`${kind.label} round ${round}: acknowledged so far ${byTable.join(', ')}; none lost`);
      }
    } finally {
      await server.kill();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
