import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectOk, registerBenchOwner } from '../chat/bench-owner.ts';
import { createClient } from '../chat/http-client.ts';
import { appendToResultsSection } from '../chat/results-file.ts';
import { createPostgresDatabase, type ServerProcess, startServer } from '../chat/server-process.ts';
import { openBenchDatabase } from './bench-database.ts';
import { insertWebSubscribers, ownerOfChannel } from './broadcast-data.ts';
import { describeDetails, describeRuns } from './broadcast-report.ts';
import { type BroadcastRun, type BroadcastTarget, runClean, runCrash, runShared } from './broadcast-runs.ts';

/**
 * npm run bench:broadcast — a send to BENCH_SUBSCRIBERS (100,000) web messenger subscribers of one channel
 * (issue #13 item 5), on SQLite and then on a fresh PostgreSQL database, the server a separate process
 * (apps/server/src/main.ts). The owner and the channel are made over HTTP; the subscribers are written directly
 * into `subscribers` and `subscriber_values` (subscribing in a conversation is the integration tests' part).
 * Run 1 (clean): POST /api/subscription/send_to_subscribers, its latency (the notification and every outbox row
 * in one transaction), then the time until the notification is done. Run 2 (crash): a second send, `kill -9`
 * of the server once half is sent, a new process on the same database finishes it. Run 3 (PostgreSQL): two
 * processes share a third send. After each run the database is checked: every subscriber has the run's notice
 * exactly once, nothing is left in the outbox. Progress is read from the database every 50 ms (not through the
 * server, which would then spend time answering the bench). Settings: BENCH_SUBSCRIBERS, TEST_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test), BENCH_SKIP_POSTGRES=1, BENCH_SKIP_SQLITE=1, BENCH_NOTE (a note
 * for RESULTS.md), BENCH_DRY_RUN=1 (print the table, leave RESULTS.md alone).
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

interface DatabaseResult {
  runs: BroadcastRun[];
  insertMs: number;
  load: { before: number; after: number };
}

const oneMinuteLoad = () => loadavg()[0] ?? 0;

/** A new owner and its channel, over HTTP; answers the owner's token and the channel's id. */
async function createChannel(server: ServerProcess): Promise<{ token: string; channelId: number }> {
  const client = createClient(server.url, 2);
  try {
    const token = await registerBenchOwner(client);
    const saved = await expectOk(
      client.call('POST', '/api/subscription/save/0', { sc_title: 'Bench broadcast channel' }, token),
      'subscription save',
    );
    return { token, channelId: Number(saved.id) };
  } finally {
    client.close();
  }
}

async function benchOn(databaseUrl: string | null): Promise<DatabaseResult> {
  const before = oneMinuteLoad();
  const first = await startServer(repoRoot, databaseUrl);
  const servers = [first];
  const db = await openBenchDatabase(databaseUrl, first.dataDir);
  try {
    const { token, channelId } = await createChannel(first);
    const userId = await ownerOfChannel(db, channelId);
    const insertMs = await insertWebSubscribers(db, { id: channelId, userId }, subscriberCount);
    console.log(
      `${first.label}: ${subscriberCount} web subscribers inserted directly into subscribers and ` +
        `subscriber_values in ${(insertMs / 1000).toFixed(1)} s`,
    );
    const target: BroadcastTarget = {
      label: first.label,
      db,
      token,
      channelId,
      userId,
      tag: `${Date.now().toString(36)}${first.label}`,
      async startServer() {
        const server = await startServer(repoRoot, databaseUrl, {}, { dataDir: first.dataDir });
        servers.push(server);
        return server;
      },
    };
    console.log(`${first.label}: run 1, one send to all…`);
    const runs = [await runClean(target, first)];
    console.log(`${first.label}: run 2, kill -9 half way and a new process…`);
    const crash = await runCrash(target, first);
    runs.push(crash.run);
    if (databaseUrl) {
      console.log(`${first.label}: run 3, two processes share one send…`);
      runs.push((await runShared(target, crash.server)).run);
    }
    return { runs, insertMs, load: { before, after: oneMinuteLoad() } };
  } finally {
    await db.close();
    // the first process owns the DATA_DIR the others use: it goes last
    for (const server of servers.reverse()) await server.stop();
  }
}

async function benchDatabases(): Promise<DatabaseResult[]> {
  const results: DatabaseResult[] = [];
  if (process.env.BENCH_SKIP_SQLITE !== '1') results.push(await benchOn(null));
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const database = createPostgresDatabase(adminUrl);
    try {
      results.push(await benchOn(database.url));
    } finally {
      database.drop();
    }
  }
  return results;
}

function describeSetting(results: DatabaseResult[], minutes: number): string {
  const loads = results
    .map((result) => {
      const label = result.runs[0]?.database ?? '';
      const { before, after } = result.load;
      return `${label} ${before.toFixed(1)} before and ${after.toFixed(1)} after`;
    })
    .join(', ');
  const inserts = results
    .map((result) => `${result.runs[0]?.database} ${(result.insertMs / 1000).toFixed(1)} s`)
    .join(', ');
  return (
    `${subscriberCount.toLocaleString('en-US')} web messenger subscribers of one channel (a \`city\` value, 4 ` +
    'cities), inserted directly into `subscribers` and `subscriber_values` by the bench ' +
    `(${inserts}); subscribing in a conversation is covered by the integration tests. Each run: ` +
    '`POST /api/subscription/send_to_subscribers` (text, every subscriber) to the server as a separate process, ' +
    'progress read from the database every 50 ms; "enqueue" is the call\'s latency (the notification and every ' +
    'outbox row in one transaction), "delivery" its answer → the notification done, recipients/s over delivery. ' +
    'Crash: SIGKILL of the server once half is sent, a new process on the same database. Shared: a second ' +
    'process on the same database (the call wakes only the first; the second finds the send on its 1 s poll). ' +
    `${cpus().length} cores, Node ${process.version}, load average (1 min) ` +
    `${loads}; ${minutes.toFixed(1)} minutes in all. ${process.env.BENCH_NOTE ?? ''}`
  ).trimEnd();
}

async function main(): Promise<void> {
  const started = performance.now();
  const results = await benchDatabases();
  const runs = results.flatMap((result) => result.runs);
  const table = describeRuns(runs);
  const details = describeDetails(runs);
  const setting = describeSetting(results, (performance.now() - started) / 60_000);
  console.log(`\n${setting}\n\n${table}\n\n${details.join('\n')}`);
  if (process.env.BENCH_DRY_RUN === '1') return;
  const heading = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — bench:broadcast`;
  appendToResultsSection(
    join(repoRoot, 'bench/RESULTS.md'),
    '## Broadcasts (bench:broadcast)',
    `${heading}\n\n${setting}\n\n${table}\n\n${details.join('\n')}\n`,
  );
}

await main();
