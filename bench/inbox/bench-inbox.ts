import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { foldSearchQuery } from '../../apps/server/src/modules/runtime/turn-text.ts';
import { registerOwnerWithService } from '../chat/bench-owner.ts';
import { saveCommand } from '../chat/build-bot.ts';
import { type CallAnswer, createClient } from '../chat/http-client.ts';
import { appendToResultsSection } from '../chat/results-file.ts';
import { createPostgresDatabase, startServer } from '../chat/server-process.ts';
import { DAYS, RARE_WORD } from './inbox-data.ts';
import {
  openPlanDatabase,
  type PlanDatabase,
  type ScratchFigure,
  scratchChunks,
  scratchDateWindow,
  scratchTranscript,
  statementsToExplain,
} from './inbox-plans.ts';
import { type SeedResult, seedPostgres, seedSqlite } from './inbox-seed.ts';

/**
 * npm run bench:inbox — the owner's conversations at scale: BENCH_TURNS (1,000,000) stored
 * turns across BENCH_SENDERS (50,000) senders of one owner, on SQLite and then on a fresh PostgreSQL database,
 * each behind a real server process (as bench:chat starts it). The owner registers through the API with a few
 * commands; the turns and the senders' summaries are seeded straight into the database (inbox-seed.ts), then
 * every endpoint is measured over HTTP with the owner's token: BENCH_REQUESTS (200) sequential calls each after
 * a warm-up (a query stops early after BENCH_MAX_SECONDS, 40), and three of them with 4 concurrent clients.
 * The first calls of the not-understood inbox (which groups the stored not-understood turns, 10,000 a call)
 * and of the traffic chart (which counts every turn) are timed apart. Finally the plans of the statements behind
 * each endpoint are printed (EXPLAIN QUERY PLAN / EXPLAIN ANALYZE). Target: p99 ≤ 150 ms on 2 cores.
 * Settings: TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_SKIP_SQLITE=1,
 * BENCH_SKIP_POSTGRES=1, BENCH_NOTE (a note for RESULTS.md), BENCH_DRY_RUN=1 (print, leave RESULTS.md alone),
 * BENCH_INBOX_CATCHUP_SECONDS (300: how long the inbox may take to group its backlog before the steady state).
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const turns = Number(process.env.BENCH_TURNS ?? 1_000_000);
const senderCount = Number(process.env.BENCH_SENDERS ?? 50_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 40);
const catchUpSeconds = Number(process.env.BENCH_INBOX_CATCHUP_SECONDS ?? 300);
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

const TARGET_P99_MS = 150;
const COMMON_WORD = 'order';
/** stored as "أسعار" / "الأسعار" (hamza on the alef); searched with a bare alef */
const ARABIC_WORD = 'اسعار';
const COMMANDS = [
  'prices',
  'delivery',
  'order status',
  'opening hours',
  'payment',
  'refund',
  'stock',
  'greeting',
];

interface Latency {
  label: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** mean rows (`data.length`) per answer */
  rows: number;
}

interface Single {
  label: string;
  ms: number;
  note: string;
}

interface DatabaseRun {
  database: string;
  seed: SeedResult;
  latencies: Latency[];
  concurrent: Latency[];
  singles: Single[];
  plans: string[];
  /** scratch rewrites (not in the server), timed on the bench's own connection */
  scratch: string[];
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

function summarize(label: string, times: number[], rows: number): Latency {
  times.sort((a, b) => a - b);
  return {
    label,
    count: times.length,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
    rows: rows / Math.max(1, times.length),
  };
}

function checked(label: string, answer: CallAnswer): number {
  if (answer.status !== 200 || answer.json?.status !== 1) {
    throw new Error(`${label}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  }
  const data = answer.json.data;
  return Array.isArray(data) ? data.length : Array.isArray(data?.buckets) ? data.buckets.length : 1;
}

async function measure(label: string, call: () => Promise<CallAnswer>): Promise<Latency> {
  for (let index = 0; index < 5; index += 1) checked(label, await call());
  const times: number[] = [];
  let rows = 0;
  const started = performance.now();
  while (times.length < requests && performance.now() - started < maxSeconds * 1000) {
    const callStarted = performance.now();
    const answer = await call();
    times.push(performance.now() - callStarted);
    rows += checked(label, answer);
  }
  const latency = summarize(label, times, rows);
  console.log(
    `  ${label}: n ${latency.count}, p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, rows ${latency.rows.toFixed(1)}`,
  );
  return latency;
}

/** `clients` loops calling at once, `perClient` calls each. */
async function measureConcurrent(
  label: string,
  clients: number,
  perClient: number,
  call: () => Promise<CallAnswer>,
): Promise<Latency> {
  const times: number[] = [];
  let rows = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = 0; index < perClient; index += 1) {
        const started = performance.now();
        const answer = await call();
        times.push(performance.now() - started);
        rows += checked(label, answer);
      }
    }),
  );
  const latency = summarize(`${label}, ${clients} clients`, times, rows);
  console.log(`  ${latency.label}: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms`);
  return latency;
}

function day(offsetDays: number): string {
  return new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How many of the owner's not-understood turns the inbox has grouped: those behind the `grouped_until` mark and
 * those grouped after it (the mark moves only over settled turns: the last two minutes' stay after it).
 */
async function groupingProgress(
  database: PlanDatabase,
  userId: number,
): Promise<{ done: number; of: number }> {
  const [progress] = await database.query('select grouped_until from inbox_progress where user_id = ?', [
    userId,
  ]);
  const until = Number(progress?.grouped_until ?? 0);
  const [behind] = await database.query(
    'select count(*) as count from conversation_turns where user_id = ? and not_understood = 1 and id <= ?',
    [userId, until],
  );
  const [after] = await database.query(
    'select count(*) as count from inbox_messages where user_id = ? and turn_id > ?',
    [userId, until],
  );
  const [all] = await database.query(
    'select count(*) as count from conversation_turns where user_id = ? and not_understood = 1',
    [userId],
  );
  return { done: Number(behind?.count) + Number(after?.count), of: Number(all?.count) };
}

async function benchOn(databaseUrl: string | null): Promise<DatabaseRun> {
  const server = await startServer(repoRoot, databaseUrl);
  const setupClient = createClient(server.url, 8);
  // a new agent after seeding: the SQLite seed blocks this process's event loop for a minute or more, so the
  // setup's keep-alive sockets, closed by the server meanwhile, would still look free (ECONNRESET)
  let client = setupClient;
  const database = await openPlanDatabase(databaseUrl, server.dataDir);
  try {
    const { token, serviceId } = await registerOwnerWithService(setupClient, 'Inbox bench');
    const commandIds: number[] = [];
    for (const name of COMMANDS) {
      commandIds.push(
        await saveCommand(setupClient, token, serviceId, { name, examples: [`${name} please`] }),
      );
    }
    setupClient.close();
    const [owner] = await database.query('select user_id from users');
    const userId = Number(owner?.user_id);
    console.log(
      `${server.label}: seeding ${turns.toLocaleString('en')} turns across ${senderCount} senders…`,
    );
    const seed = databaseUrl
      ? await seedPostgres(databaseUrl, userId, commandIds, turns, senderCount)
      : seedSqlite(server.dataDir, userId, commandIds, turns, senderCount);
    console.log(
      `${server.label}: seeded in ${seed.seconds.total.toFixed(1)} s (turns ${seed.seconds.turns.toFixed(1)} s, ` +
        `indexes ${seed.seconds.indexes.toFixed(1)} s, senders ${seed.seconds.senders.toFixed(1)} s, ANALYZE ${seed.seconds.analyze.toFixed(1)} s)`,
    );
    client = createClient(server.url, 8);
    const get = (path: string) => () => client.call('GET', path, undefined, token);
    const keyOf = (sender: { platform: string; senderId: string }) =>
      encodeURIComponent(`${sender.platform}:${sender.senderId}`);
    const commandId = commandIds[2] as number;
    // a 30-day window in the middle of the stored 400 days
    const from = day(Math.floor(DAYS / 2) + 30);
    const to = day(Math.floor(DAYS / 2) + 1);
    const heavy = `/api/conversations/${keyOf(seed.heavy)}/turns`;
    const light = `/api/conversations/${keyOf(seed.light)}/turns`;

    const singles: Single[] = [];
    // the first calls that catch up with the stored turns, timed apart
    let started = performance.now();
    checked('traffic first', await get('/api/user/traffic?period=month')());
    singles.push({
      label: 'GET /user/traffic?period=month, first call (counts every turn)',
      ms: performance.now() - started,
      note: `${turns.toLocaleString('en')} turns counted`,
    });
    console.log(`  traffic first call: ${(performance.now() - started).toFixed(0)} ms`);
    started = performance.now();
    const firstInbox = await get('/api/inbox/not_understood')();
    checked('inbox first', firstInbox);
    const firstMs = performance.now() - started;
    let grouped = await groupingProgress(database, userId);
    singles.push({
      label: 'GET /inbox/not_understood, first call (groups not-understood turns)',
      ms: firstMs,
      note: `${grouped.done.toLocaleString('en')} of ${grouped.of.toLocaleString('en')} grouped by it`,
    });
    console.log(`  inbox first call: ${firstMs.toFixed(0)} ms, ${grouped.done} of ${grouped.of} grouped`);
    const catchUpStarted = performance.now();
    const callTimes: number[] = [firstMs];
    while (grouped.done < grouped.of && performance.now() - catchUpStarted < catchUpSeconds * 1000) {
      const callStarted = performance.now();
      checked('inbox catch-up', await get('/api/inbox/not_understood')());
      callTimes.push(performance.now() - callStarted);
      grouped = await groupingProgress(database, userId);
    }
    const catchUp = callTimes.reduce((sum, time) => sum + time, 0);
    singles.push({
      label: 'GET /inbox/not_understood, until the backlog is grouped',
      ms: catchUp,
      note:
        `${callTimes.length} calls (${Math.min(...callTimes).toFixed(0)}–${Math.max(...callTimes).toFixed(0)} ms each); ` +
        `${grouped.done.toLocaleString('en')} of ${grouped.of.toLocaleString('en')} grouped` +
        (grouped.done < grouped.of ? `, stopped after ${catchUpSeconds} s` : ''),
    });
    console.log(`  inbox catch-up: ${singles.at(-1)?.note}`);

    console.log(`${server.label}: measuring…`);
    const latencies: Latency[] = [];
    const queries: [string, string][] = [
      ['conversations, page 1', '/api/conversations'],
      ['conversations, page 50', '/api/conversations?page=50'],
      ['filter platform=telegram&lang=de', '/api/conversations?platform=telegram&lang=de'],
      [`filter command_id (${COMMANDS[2]})`, `/api/conversations?command_id=${commandId}`],
      ['filter not_understood=1', '/api/conversations?not_understood=1'],
      [`filter from=${from}&to=${to} (30 days)`, `/api/conversations?from=${from}&to=${to}`],
      [`search "${COMMON_WORD}" (common)`, `/api/conversations?search=${encodeURIComponent(COMMON_WORD)}`],
      [`search "${RARE_WORD}" (rare)`, `/api/conversations?search=${encodeURIComponent(RARE_WORD)}`],
      [
        `search "${ARABIC_WORD}" (stored "أسعار")`,
        `/api/conversations?search=${encodeURIComponent(ARABIC_WORD)}`,
      ],
      ['transcript, 10,000-turn sender, page 1', heavy],
      ['transcript, 10,000-turn sender, page 100', `${heavy}?page=100`],
      ['transcript, 10-turn sender, page 1', light],
      ['GET /inbox/not_understood (steady)', '/api/inbox/not_understood'],
      ['GET /user/traffic?period=month (steady)', '/api/user/traffic?period=month'],
    ];
    for (const [label, path] of queries) latencies.push(await measure(label, get(path)));
    const concurrent = [
      await measureConcurrent('conversations, page 1', 4, 50, get('/api/conversations')),
      await measureConcurrent(
        `search "${COMMON_WORD}"`,
        4,
        50,
        get(`/api/conversations?search=${encodeURIComponent(COMMON_WORD)}`),
      ),
      await measureConcurrent('transcript, 10,000-turn sender, page 1', 4, 50, get(heavy)),
    ];

    const plans: string[] = [];
    const [groupCounts] = await database.query(
      `select count(*) as groups, sum(case when status = 'open' then 1 else 0 end) as open from inbox_groups where user_id = ?`,
      [userId],
    );
    const [newestGroup] = await database.query(
      `select id from inbox_groups where user_id = ? and status = 'open' order by last_turn_id desc limit 1`,
      [userId],
    );
    singles.push({
      label: 'inbox groups made',
      ms: 0,
      note: `${Number(groupCounts?.groups)} groups, ${Number(groupCounts?.open)} open`,
    });
    const toNext = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
    for (const statement of statementsToExplain(database.dialect, userId, {
      commandId,
      from: `${from}T00:00:00.000Z`,
      toNext,
      commonWord: foldSearchQuery(COMMON_WORD),
      arabicWord: foldSearchQuery(ARABIC_WORD),
      heavy: seed.heavy,
      groupId: Number(newestGroup?.id ?? 0),
    })) {
      const plan = await database.explain(statement.sql, statement.params);
      plans.push(`-- ${server.label}: ${statement.label}\n${plan}`);
    }
    const scratch: string[] = [];
    const line = (figure: ScratchFigure) =>
      `  ${figure.label}: p50 ${figure.p50.toFixed(1)} ms, p99 ${figure.p99.toFixed(1)} ms (${figure.rows} rows/senders)`;
    const window = await scratchDateWindow(database, userId, `${from}T00:00:00.000Z`, toNext, 30);
    scratch.push(
      `${server.label} — filter from–to, first chunk (same ids: ${window.isSame ? 'yes' : 'NO'}):`,
      ...window.figures.map(line),
      `  plan of the rewrite:\n${window.plan.replace(/^/gm, '    ')}`,
    );
    const transcript = await scratchTranscript(database, userId, seed.heavy, 100, 30);
    scratch.push(
      `${server.label} — transcript page 100 of the 10,000-turn sender (same ids: ${transcript.isSame ? 'yes' : 'NO'}):`,
      ...transcript.figures.map(line),
      `  plan of the rewrite:\n${transcript.plan.replace(/^/gm, '    ')}`,
    );
    const chunkCases: [string, string[], unknown[]][] = [
      ['platform=telegram&lang=de', ['platform = ?', 'lang = ?'], ['telegram', 'de']],
      ['not_understood=1', ['not_understood = 1'], []],
    ];
    if (database.dialect === 'postgres') {
      for (const word of [COMMON_WORD, ARABIC_WORD]) {
        chunkCases.push([
          `search "${word}"`,
          [`search_text like ? escape '\\'`],
          [`%${foldSearchQuery(word)}%`],
        ]);
      }
    }
    scratch.push(`${server.label} — filtered lists, page 1 (21 senders), chunk sizes:`);
    for (const [label, conditions, values] of chunkCases) {
      const figures = await scratchChunks(database, userId, label, conditions, values, 21, 30);
      scratch.push(...figures.map(line));
    }
    console.log(scratch.join('\n'));
    return { database: server.label, seed, latencies, concurrent, singles, plans, scratch };
  } finally {
    await database.close();
    client.close();
    await server.stop();
  }
}

function describe(runs: DatabaseRun[]): string {
  const header = ['query', ...runs.flatMap((run) => [`${run.database} p50 ms`, `${run.database} p99 ms`])];
  const rows = [
    `| ${header.join(' | ')} | target | ${runs.map((run) => run.database).join(' | ')} |`,
    `| ${[...header, 'target', ...runs.map(() => '')].map(() => '---').join(' | ')} |`,
  ];
  const labels = runs[0]?.latencies.map((latency) => latency.label) ?? [];
  for (const [index, label] of labels.entries()) {
    const cells = runs.map((run) => run.latencies[index]);
    rows.push(
      `| ${label} | ${cells.flatMap((cell) => [cell?.p50.toFixed(1) ?? '', cell?.p99.toFixed(1) ?? '']).join(' | ')} | ` +
        `p99 ≤ ${TARGET_P99_MS} ms | ${cells.map((cell) => (cell && cell.p99 <= TARGET_P99_MS ? '✓' : '✗')).join(' | ')} |`,
    );
  }
  const concurrentLabels = runs[0]?.concurrent.map((latency) => latency.label) ?? [];
  for (const [index, label] of concurrentLabels.entries()) {
    const cells = runs.map((run) => run.concurrent[index]);
    rows.push(
      `| ${label} | ${cells.flatMap((cell) => [cell?.p50.toFixed(1) ?? '', cell?.p99.toFixed(1) ?? '']).join(' | ')} | ` +
        `p99 ≤ ${TARGET_P99_MS} ms | ${cells.map((cell) => (cell && cell.p99 <= TARGET_P99_MS ? '✓' : '✗')).join(' | ')} |`,
    );
  }
  const lines = [rows.join('\n'), ''];
  for (const run of runs) {
    const s = run.seed.seconds;
    lines.push(
      `- ${run.database}: seeded ${run.seed.turns.toLocaleString('en')} turns and ${run.seed.senders.length.toLocaleString('en')} senders in ` +
        `${s.total.toFixed(1)} s (turns ${s.turns.toFixed(1)} s${s.indexes > 0 ? `, re-creating the turns' indexes ${s.indexes.toFixed(1)} s` : ''}, ` +
        `senders ${s.senders.toFixed(1)} s, ANALYZE ${s.analyze.toFixed(1)} s). ` +
        run.singles
          .map((single) =>
            single.ms === 0
              ? `${single.label}: ${single.note}`
              : `${single.label}: ${(single.ms / 1000).toFixed(2)} s (${single.note})`,
          )
          .join('; ') +
        `. Calls per query: ${[...new Set(run.latencies.map((latency) => latency.count))].join('/')}.`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0] ?? 0;
  const runs: DatabaseRun[] = [];
  if (process.env.BENCH_SKIP_SQLITE !== '1') runs.push(await benchOn(null));
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const database = createPostgresDatabase(adminUrl);
    try {
      runs.push(await benchOn(database.url));
    } finally {
      database.drop();
    }
  }
  const table = describe(runs);
  const minutes = (performance.now() - started) / 60_000;
  const machine =
    `${cpus().length} cores, Node ${process.version}, load average (1 min) ${loadAtStart.toFixed(1)} at start and ` +
    `${(loadavg()[0] ?? 0).toFixed(1)} at end, ${minutes.toFixed(1)} minutes in all`;
  console.log(`\n${runs.flatMap((run) => run.plans).join('\n\n')}`);
  console.log(`\n${runs.flatMap((run) => run.scratch).join('\n')}`);
  console.log(`\n${table}\n\n${machine}`);
  if (process.env.BENCH_DRY_RUN === '1') return;
  const heading = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — bench:inbox`;
  const note =
    `${turns.toLocaleString('en')} stored turns across ${senderCount.toLocaleString('en')} senders of one owner ` +
    '(one sender with 10,000 turns, one with 10), seeded straight into the database of a server process; every call ' +
    'is a GET with the owner\'s token on loopback, sequential after a warm-up (the "4 clients" rows: four at once). ' +
    `${machine}. ${process.env.BENCH_NOTE ?? ''}`.trimEnd();
  appendToResultsSection(
    join(repoRoot, 'bench/RESULTS.md'),
    '## Inbox',
    `${heading}\n\n${note}\n\n${table}\n`,
  );
}

await main();
