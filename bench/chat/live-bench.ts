import { loadavg } from 'node:os';
import type { FakeApi } from './fake-api.ts';
import { buildLiveBot } from './live-bot.ts';
import type { LatencySummary } from './load-pacing.ts';
import { runLoadProcess } from './load-process.ts';
import type { ServerProcess } from './server-process.ts';

/** The target: at 200 messages/s offered, p99 ≤ 100 ms on SQLite and PostgreSQL. */
const TARGET_P99_MS = 100;

type StepFigures = LatencySummary & { messages: number; errors: number };

/** What live-load.ts prints. */
interface LiveFigures extends LatencySummary {
  messages: number;
  errors: number;
  outcomes: { http: number; fallback: number; wrong: number };
  statuses: Record<string, number>;
  seconds: number;
  steps: Record<string, StepFigures>;
  wrongAnswers: unknown[];
}

export interface LiveRun {
  database: string;
  offered: number;
  senders: number;
  importSeconds: number;
  /** requests the fake API answered during the measured run */
  apiRequests: number;
  /** the 1-minute load average when the run ended */
  loadAverage: number;
  figures: LiveFigures;
}

export interface LiveSettings {
  senders: number;
  seconds: number;
  rate: number;
}

/** Messages in one round of a sender's conversations (live-load.ts): two, two and one. */
const MESSAGES_PER_ROUND = 5;

/**
 * The live-data run on one server: builds the live bot (its own owner), warms up for one round of every
 * sender's conversations (so the NEARBY index and the api call are warm too), then runs
 * live-load.ts for `seconds` at `rate` messages/s offered, counting the fake API's requests meanwhile.
 */
export async function benchLiveOn(
  server: ServerProcess,
  api: FakeApi,
  settings: LiveSettings,
): Promise<LiveRun> {
  console.log(
    `${server.label}: building the live-data bot (10,000 branches, LIKE, NEARBY, api) through the API…`,
  );
  const bot = await buildLiveBot(server.url, api.ratesUrl);
  const load = (seconds: number, senderBase: number) =>
    runLoadProcess<LiveFigures>('live-load.ts', [
      server.url,
      bot.botToken,
      settings.senders,
      seconds,
      settings.rate,
      senderBase,
      bot.botFallback,
    ]);
  // warm-up: JIT, the dataset's point index, statement caches, the outbound client
  const roundSeconds = settings.rate > 0 ? (MESSAGES_PER_ROUND * settings.senders) / settings.rate : 3;
  await load(Math.ceil(roundSeconds), 4_000_000);
  console.log(
    `${server.label}: live data, ${settings.senders} senders for ${settings.seconds} s, offering ${settings.rate} messages/s…`,
  );
  const servedBefore = api.served();
  const figures = await load(settings.seconds, 5_000_000);
  return {
    database: server.label,
    offered: settings.rate,
    senders: settings.senders,
    importSeconds: bot.importSeconds,
    apiRequests: api.served() - servedBefore,
    loadAverage: loadavg()[0] ?? 0,
    figures,
  };
}

const ms = (value: number) => value.toFixed(1);

function verdict(figures: LiveFigures): string {
  if (figures.errors > 0) return '**missed** (errors)';
  return figures.p99 <= TARGET_P99_MS ? 'met' : '**missed**';
}

function runRows(run: LiveRun): string[] {
  const { figures } = run;
  const { http, fallback, wrong } = figures.outcomes;
  const rate = figures.messages / figures.seconds;
  const all =
    `| ${run.database} | all messages, ${run.offered}/s offered by ${run.senders} senders | ${figures.messages} | ` +
    `${figures.errors} (HTTP ${http}, fallback ${fallback}, wrong ${wrong}) | ${rate.toFixed(0)} | ${ms(figures.p50)} | ` +
    `${ms(figures.p90)} | ${ms(figures.p99)} | ${ms(figures.max)} | p99 ≤ ${TARGET_P99_MS} ms at ${run.offered}/s: ` +
    `${verdict(figures)} | ${run.loadAverage.toFixed(1)} |`;
  const steps = Object.entries(figures.steps).map(
    ([label, step]) =>
      `| ${run.database} | ${label} | ${step.messages} | ${step.errors} | | ${ms(step.p50)} | ${ms(step.p90)} | ` +
      `${ms(step.p99)} | ${ms(step.max)} | | |`,
  );
  return [all, ...steps];
}

/** The live-data table: a row for all messages (against the target), then one per conversation step. */
export function describeLiveRuns(runs: LiveRun[]): string {
  return [
    '| database | messages | n | errors | answered/s | p50 ms | p90 ms | p99 ms | max ms | target | load avg |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.flatMap(runRows),
  ].join('\n');
}

/** One line per run: the import, the fake API's requests against the exchange-rate messages, the first wrong answers. */
export function describeLiveChecks(runs: LiveRun[]): string[] {
  return runs.map((run) => {
    const rateMessages = run.figures.steps['exchange rate (api)']?.messages ?? 0;
    const wrong =
      run.figures.wrongAnswers.length > 0
        ? `; first errors: ${JSON.stringify(run.figures.wrongAnswers)}`
        : '';
    return (
      `${run.database}: 10,000 branches imported in ${run.importSeconds.toFixed(1)} s; the fake API answered ` +
      `${run.apiRequests} requests for ${rateMessages} exchange-rate messages; statuses ${JSON.stringify(run.figures.statuses)}${wrong}`
    );
  });
}
