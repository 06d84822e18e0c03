import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultChatbotSettings } from '@hiwar/contracts';
import {
  type FakeTelegram,
  startFakeTelegram,
} from '../../apps/server/src/testing/channels/telegram/fake-telegram-api.ts';
import { expectOk, registerBenchOwner } from '../chat/bench-owner.ts';
import { createClient } from '../chat/http-client.ts';
import { appendToResultsSection } from '../chat/results-file.ts';
import { createPostgresDatabase, type ServerProcess, startServer } from '../chat/server-process.ts';
import { openBenchDatabase } from './bench-database.ts';
import { insertSubscribers, insertWebSubscribers, ownerOfChannel } from './broadcast-data.ts';
import {
  describeDetails,
  describeRuns,
  describeTelegramDetails,
  describeTelegramRuns,
  TELEGRAM_REAL_RATE,
} from './broadcast-report.ts';
import { type BroadcastRun, type BroadcastTarget, runClean, runCrash, runShared } from './broadcast-runs.ts';
import {
  runTelegram429,
  runTelegramClean,
  runTelegramCrash,
  type TelegramRun,
  type TelegramTarget,
} from './telegram-runs.ts';

/**
 * npm run bench:broadcast — a send to BENCH_SUBSCRIBERS (100,000) web messenger subscribers of one channel,
 * on SQLite and then on a fresh PostgreSQL database, the server a separate process (apps/server/src/main.ts).
 * The owner and the channel are made over HTTP; the subscribers are written directly into `subscribers` and
 * `subscriber_values` (subscribing in a conversation is the integration tests' part).
 * Run 1 (clean): POST /api/subscription/send_to_subscribers, its latency (the notification and every outbox row
 * in one transaction), then the time until the notification is done. Run 2 (crash): a second send, `kill -9`
 * of the server once half is sent, a new process on the same database finishes it. Run 3 (PostgreSQL): two
 * processes share a third send. After each run the database is checked: every subscriber has the run's notice
 * exactly once, nothing is left in the outbox. Progress is read from the database every 50 ms (not through the
 * server, which would then spend time answering the bench).
 *
 * Then Telegram, through a fake channel peer on loopback: the same owner saves its chatbot with Telegram on
 * and a bot token the strict fake Bot API (apps/server/src/testing/channels/telegram/fake-telegram-api.ts)
 * knows, a second channel gets BENCH_TELEGRAM_SUBSCRIBERS (5,000) Telegram subscribers (private chat ids as
 * sender ids, inserted directly), and a text send goes to them through the dispatcher's throttled path and
 * the Telegram adapter (one sendMessage a recipient, one try). The fake runs in this process: the server
 * sends one request at a time and waits for each answer, the fake answers in well under a millisecond, and
 * the bench's only other work meanwhile is reading one row every 50 ms — a separate load process would add
 * IPC but not change what is measured. Every server process runs with TELEGRAM_API_URL=<fake> and
 * BROADCAST_RATES=telegram=1000,telegram_chat=1: Telegram's real limit is about 30 messages/s (the default),
 * at which 5,000 chats take ~167 s whatever the server does; the bench raises it to measure the path itself
 * and reports what 30/s would mean. Runs: one send (checked on the fake: one sendMessage per chat, none
 * doubled or missing; the notification sent == total, failed 0); one where the fake answers 429
 * (retry_after 1 s) five times mid-send; one `kill -9` at half and a new process (at most once: a row
 * `sending` at the kill is failed as interrupted, never sent twice). Settings: BENCH_SUBSCRIBERS,
 * BENCH_TELEGRAM_SUBSCRIBERS (0: no Telegram runs), BENCH_SKIP_TELEGRAM_CRASH=1, TEST_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test), BENCH_SKIP_POSTGRES=1, BENCH_SKIP_SQLITE=1, BENCH_NOTE (a note
 * for RESULTS.md), BENCH_DRY_RUN=1 (print the table, leave RESULTS.md alone).
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const telegramSubscribers = Number(process.env.BENCH_TELEGRAM_SUBSCRIBERS ?? 5000);
const isTelegramCrashSkipped = process.env.BENCH_SKIP_TELEGRAM_CRASH === '1';
const BROADCAST_RATES = 'telegram=1000,telegram_chat=1';
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

interface DatabaseResult {
  runs: BroadcastRun[];
  telegramRuns: TelegramRun[];
  insertMs: number;
  telegramInsertMs: number;
  load: { before: number; after: number };
}

const oneMinuteLoad = () => loadavg()[0] ?? 0;

/** A new owner and its channel, over HTTP; answers the owner's token and the channel's id. */
async function createChannel(
  server: ServerProcess,
  ownerToken?: string,
): Promise<{ token: string; channelId: number }> {
  const client = createClient(server.url, 2);
  try {
    const token = ownerToken ?? (await registerBenchOwner(client));
    const saved = await expectOk(
      client.call('POST', '/api/subscription/save/0', { sc_title: 'Bench broadcast channel' }, token),
      'subscription save',
    );
    return { token, channelId: Number(saved.id) };
  } finally {
    client.close();
  }
}

/** Saves the owner's chatbot with Telegram on (`telegramToken`, a bot the fake knows) and checks it connected. */
async function connectTelegram(server: ServerProcess, ownerToken: string, telegramToken: string) {
  const client = createClient(server.url, 2);
  try {
    const settings = defaultChatbotSettings();
    const apps = {
      ...settings.apps,
      telegram: {
        chatbot_app_status: 1,
        chatbot_app_credentials: { verify_token: 'x', token: telegramToken },
      },
    };
    await expectOk(
      client.call('POST', '/api/chatbot/save', { ...settings, apps }, ownerToken),
      'chatbot save (Telegram on)',
    );
    const status = await client.call('GET', '/api/chatbot/channels_status', undefined, ownerToken);
    if (status.json?.data?.telegram?.status !== 'active')
      throw new Error(`Telegram is not active: ${JSON.stringify(status.json)}`);
  } finally {
    client.close();
  }
}

/** The Telegram runs, on `server` (one process): one send, one with 429s, one with `kill -9`. */
async function benchTelegram(
  base: BroadcastTarget,
  server: ServerProcess,
  fake: FakeTelegram,
  index: number,
): Promise<{ runs: TelegramRun[]; insertMs: number }> {
  const botToken = `${7_200_000_000 + index}:AAHbench-broadcast-${index}`;
  fake.addBot(botToken, { username: `bench_broadcast_${index}_bot` });
  await connectTelegram(server, base.token, botToken);
  const { channelId } = await createChannel(server, base.token);
  const insertMs = await insertSubscribers(
    base.db,
    { id: channelId, userId: base.userId },
    telegramSubscribers,
    'telegram',
  );
  console.log(
    `${base.label}: Telegram on; ${telegramSubscribers} Telegram subscribers inserted in ` +
      `${(insertMs / 1000).toFixed(1)} s`,
  );
  const target: TelegramTarget = { ...base, channelId, fake, botToken, subscribers: telegramSubscribers };
  console.log(`${base.label}: Telegram run, one send…`);
  const runs = [await runTelegramClean(target, server)];
  console.log(`${base.label}: Telegram run with 429s…`);
  runs.push(await runTelegram429(target, server));
  if (!isTelegramCrashSkipped) {
    console.log(`${base.label}: Telegram run, kill -9 half way…`);
    runs.push((await runTelegramCrash(target, server)).run);
  }
  return { runs, insertMs };
}

async function benchOn(
  databaseUrl: string | null,
  fake: FakeTelegram,
  index: number,
): Promise<DatabaseResult> {
  const before = oneMinuteLoad();
  const env = { TELEGRAM_API_URL: fake.url, BROADCAST_RATES };
  const first = await startServer(repoRoot, databaseUrl, env);
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
        const server = await startServer(repoRoot, databaseUrl, env, { dataDir: first.dataDir });
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
      const shared = await runShared(target, crash.server);
      runs.push(shared.run);
      // the Telegram runs are one process's: the second one goes
      await shared.second.stop();
    }
    const telegram =
      telegramSubscribers > 0
        ? await benchTelegram(target, crash.server, fake, index)
        : { runs: [], insertMs: 0 };
    return {
      runs,
      telegramRuns: telegram.runs,
      insertMs,
      telegramInsertMs: telegram.insertMs,
      load: { before, after: oneMinuteLoad() },
    };
  } finally {
    await db.close();
    // the first process owns the DATA_DIR the others use: it goes last
    for (const server of servers.reverse()) await server.stop();
  }
}

async function benchDatabases(fake: FakeTelegram): Promise<DatabaseResult[]> {
  const results: DatabaseResult[] = [];
  if (process.env.BENCH_SKIP_SQLITE !== '1') results.push(await benchOn(null, fake, 1));
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const database = createPostgresDatabase(adminUrl);
    try {
      results.push(await benchOn(database.url, fake, 2));
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
  const telegramInserts = results
    .map((result) => `${result.runs[0]?.database} ${(result.telegramInsertMs / 1000).toFixed(1)} s`)
    .join(', ');
  const telegram =
    telegramSubscribers === 0
      ? ''
      : `Telegram (second table): ${telegramSubscribers.toLocaleString('en-US')} Telegram subscribers (private ` +
        `chat ids) of a second channel of the same owner, inserted directly (${telegramInserts}), its chatbot ` +
        'saved with Telegram on (`POST /api/chatbot/save`, a bot token the strict fake Bot API knows); the ' +
        'fake (apps/server/src/testing/channels/telegram/fake-telegram-api.ts) runs in the bench process ' +
        '(the dispatcher sends one request at a time and the fake answers in well under a millisecond; the ' +
        "bench's other work during a send is reading one row every 50 ms). Every server process runs with " +
        `\`TELEGRAM_API_URL=<fake>\` and \`BROADCAST_RATES=${BROADCAST_RATES}\`: Telegram's real limit is ` +
        `about ${TELEGRAM_REAL_RATE} messages/s (the default rate), at which the send takes recipients/` +
        `${TELEGRAM_REAL_RATE} s ("at ${TELEGRAM_REAL_RATE}/s": ${Math.round(telegramSubscribers / TELEGRAM_REAL_RATE)} s ` +
        `for ${telegramSubscribers.toLocaleString('en-US')}) whatever the server does; the bench raises it to ` +
        "measure the path (claim, `sending`, the adapter's sendMessage, settle). Checked on the fake: " +
        "successful sendMessage calls with the run's title per chat (duplicates: chats with more than one; " +
        'chats missing: none and the row not failed) and in the outbox (lost: rows neither sent, failed nor ' +
        'skipped). "telegram 429": the fake answers one sendMessage 429 (retry_after 1 s) as the send passes 30, ' +
        '40, 50, 60 and 70 %. "telegram crash": SIGKILL once half is sent, a new process on the same database; ' +
        'at most once: a row `sending` at the kill is failed as interrupted, never sent twice. ';
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
    `${loads}; ${minutes.toFixed(1)} minutes in all. ${telegram}${process.env.BENCH_NOTE ?? ''}`
  ).trimEnd();
}

async function main(): Promise<void> {
  const started = performance.now();
  const fake = await startFakeTelegram();
  let results: DatabaseResult[];
  try {
    results = await benchDatabases(fake);
  } finally {
    await fake.close();
  }
  const runs = results.flatMap((result) => result.runs);
  const telegramRuns = results.flatMap((result) => result.telegramRuns);
  const details = [...describeDetails(runs), ...describeTelegramDetails(telegramRuns)];
  const table =
    telegramRuns.length === 0
      ? describeRuns(runs)
      : `${describeRuns(runs)}\n\n${describeTelegramRuns(telegramRuns)}`;
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
