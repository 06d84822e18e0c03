import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultChatbotSettings } from '@hiwar/contracts';
import { openBenchDatabase } from '../broadcast/bench-database.ts';
import { expectOk } from '../chat/bench-owner.ts';
import { buildBenchBotForOwner } from '../chat/build-bot.ts';
import { createClient } from '../chat/http-client.ts';
import { appendToResultsSection } from '../chat/results-file.ts';
import { createPostgresDatabase, type ServerProcess, startServer } from '../chat/server-process.ts';
import { startTelegramSide, type TelegramSide } from './channels-process.ts';
import {
  type ChannelsRun,
  describeCounts,
  describeDetails,
  describeLatencies,
  describeOutages,
  TARGETS,
} from './channels-report.ts';
import { checkInbox } from './inbox-checks.ts';
import type { ChannelsLoad, OutageLoad } from './load-messages.ts';

/**
 * npm run bench:channels — private Telegram chats talking to the 50-command bench bot
 * (chat/build-bot.ts) through the Telegram adapter, on SQLite and then on a fresh PostgreSQL database. The
 * server is apps/server/src/main.ts as its own process with TELEGRAM_API_URL pointing at the strict fake Bot
 * API (apps/server/src/testing/channels/telegram/fake-telegram-api.ts), which runs with the chats in a
 * second process (channels-load.ts). The bot is built over HTTP, then Telegram is switched on by saving the
 * chatbot with a bot token the fake knows: the server calls getMe and setWebhook, and the chats POST their
 * updates to that webhook with its secret. BENCH_CHATS (300) chats offer BENCH_RATE (300) updates/s for
 * BENCH_SECONDS (20) after a 3 s warm-up; each chat sends its next update once the previous is answered (see
 * channels-load.ts); every 20th update is redelivered with the same update_id. Measured: the webhook's
 * acknowledgement, the update → sendMessage time, lost and doubled replies; then the bench reads
 * `channel_updates` itself (drained, statuses, where the time went). Targets: acknowledgement p99 ≤ 20 ms,
 * reply p99 ≤ 150 ms, none lost or doubled. Settings: TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_SKIP_POSTGRES=1, BENCH_SKIP_SQLITE=1, BENCH_NOTE (a note for RESULTS.md), BENCH_DRY_RUN=1 (print the
 * tables, leave RESULTS.md alone). Then, on the same server, the outage run (channels-outage.ts): the
 * chats write while every sendMessage answers 500 for BENCH_OUTAGE_SECONDS (60), then Telegram recovers and takes
 * BENCH_TELEGRAM_RATE (30) messages a second; the backlog's drain time after the recovery (target ≤ 30 s), lost,
 * doubled and out-of-order replies. BENCH_SKIP_OUTAGE=1 leaves it out.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const chats = Number(process.env.BENCH_CHATS ?? 300);
const rate = Number(process.env.BENCH_RATE ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const oneMinuteLoad = () => loadavg()[0] ?? 0;

/** Switches Telegram on with `telegramToken` and checks the server connected (getMe, setWebhook). */
async function connectTelegram(
  server: ServerProcess,
  ownerToken: string,
  telegramToken: string,
): Promise<void> {
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
    const telegram = status.json?.data?.telegram;
    if (telegram?.status !== 'active')
      throw new Error(`Telegram is not active: ${JSON.stringify(status.json)}`);
  } finally {
    client.close();
  }
}

async function benchOn(
  databaseUrl: string | null,
  telegram: TelegramSide,
  index: number,
): Promise<ChannelsRun> {
  const server = await startServer(repoRoot, databaseUrl, { TELEGRAM_API_URL: telegram.url });
  try {
    console.log(`${server.label}: building the bot (50 commands) through the API…`);
    const { ownerToken } = await buildBenchBotForOwner(server.url);
    const telegramToken = `${7_100_000_000 + index}:AAHbench-channels-${index}`;
    await telegram.addBot(telegramToken);
    await connectTelegram(server, ownerToken, telegramToken);
    console.log(`${server.label}: Telegram connected; warm-up (3 s)…`);
    const warmUp: ChannelsLoad = {
      chats,
      seconds: 3,
      rate,
      chatBase: 1_000_000,
      updateIdBase: 1,
      graceMs: 500,
    };
    await telegram.run(telegramToken, warmUp);
    const load: ChannelsLoad = {
      chats,
      seconds,
      rate,
      chatBase: 2_000_000,
      updateIdBase: 1_000_000,
      graceMs: 2000,
    };
    console.log(`${server.label}: ${chats} chats for ${seconds} s, offering ${rate} updates/s…`);
    const before = oneMinuteLoad();
    const figures = await telegram.run(telegramToken, load);
    const after = oneMinuteLoad();
    const db = await openBenchDatabase(databaseUrl, server.dataDir);
    let inbox: Awaited<ReturnType<typeof checkInbox>>;
    try {
      inbox = await checkInbox(db, load.chatBase);
    } finally {
      await db.close();
    }
    const run: ChannelsRun = { database: server.label, load, figures, inbox, loadAverage: { before, after } };
    if (process.env.BENCH_SKIP_OUTAGE === '1') return run;
    const outageLoad: OutageLoad = {
      chats,
      rate,
      outageSeconds: Number(process.env.BENCH_OUTAGE_SECONDS ?? 60),
      chatBase: 3_000_000,
      updateIdBase: 5_000_000,
      drainLimitSeconds: 300,
      telegramRate: Number(process.env.BENCH_TELEGRAM_RATE ?? 30),
      graceMs: 3000,
    };
    console.log(
      `${server.label}: outage — every sendMessage answers 500 for ${outageLoad.outageSeconds} s while ${chats} ` +
        'chats write, then Telegram recovers…',
    );
    const outageBefore = oneMinuteLoad();
    const outage = await telegram.outage(telegramToken, outageLoad);
    return {
      ...run,
      outage: {
        load: outageLoad,
        figures: outage,
        loadAverage: { before: outageBefore, after: oneMinuteLoad() },
      },
    };
  } finally {
    await server.stop();
  }
}

async function benchDatabases(telegram: TelegramSide): Promise<ChannelsRun[]> {
  const runs: ChannelsRun[] = [];
  if (process.env.BENCH_SKIP_SQLITE !== '1') runs.push(await benchOn(null, telegram, 1));
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const database = createPostgresDatabase(adminUrl);
    try {
      runs.push(await benchOn(database.url, telegram, 2));
    } finally {
      database.drop();
    }
  }
  return runs;
}

function describeSetting(minutes: number): string {
  return (
    `${chats} private Telegram chats offering ${rate} updates/s for ${seconds} s (after a 3 s warm-up) to the ` +
    '50-command bench bot (text answers, each update the text of one of its examples) through ' +
    '`POST /hooks/telegram/{token}` with the secret header; the server a separate process with TELEGRAM_API_URL ' +
    'at the strict fake Bot API, which runs with the chats in another process; each chat sends its next update ' +
    'on a fixed schedule (one a second) but only once the previous one was answered; every 20th update ' +
    "delivered twice with the same update_id. Acknowledgement: the webhook's HTTP answer; reply: update POSTed " +
    `→ the fake receives the chat's sendMessage. ${cpus().length} cores, Node ${process.version}; load average ` +
    `(1 min) before → after each run in the table; ${minutes.toFixed(1)} minutes in all. ` +
    `Targets: acknowledgement p99 ≤ ${TARGETS.ackP99Ms} ms, reply p99 ≤ ${TARGETS.replyP99Ms} ms, none lost or ` +
    `doubled. ${process.env.BENCH_NOTE ?? ''}`
  ).trimEnd();
}

async function main(): Promise<void> {
  const started = performance.now();
  const telegram = await startTelegramSide();
  let runs: ChannelsRun[];
  try {
    runs = await benchDatabases(telegram);
  } finally {
    await telegram.stop();
  }
  const setting = describeSetting((performance.now() - started) / 60_000);
  const latencies = describeLatencies(runs);
  const counts = describeCounts(runs);
  const details = describeDetails(runs);
  const outages = describeOutages(runs);
  console.log(`\n${setting}\n\n${latencies}\n\n${counts}\n\n${details.join('\n')}\n\n${outages}`);
  if (process.env.BENCH_DRY_RUN === '1') return;
  const heading = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — bench:channels`;
  appendToResultsSection(
    join(repoRoot, 'bench/RESULTS.md'),
    '## Channels (bench:channels)',
    `${heading}\n\n${setting}\n\n${latencies}\n\n${counts}\n\n${details.join('\n')}\n\n${outages}\n`,
  );
}

await main();
