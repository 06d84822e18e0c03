import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Client, expectOk, registerOwnerWithService } from './bench-owner.ts';
import { saveCommand, trainAndWait } from './build-bot.ts';
import { createClient } from './http-client.ts';
import { summarizeLatencies } from './load-pacing.ts';
import { runLoadProcess } from './load-process.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * The "editing" run of bench:chat: the conversation load of the paced run (senders offering
 * a rate to one owner's bot, from a separate process) while, in this process, another owner adds examples one
 * by one to a bot of 50 commands — spread over the run, each save sent at its turn or when the previous one
 * answered if that is later — and a third client asks
 * `GET /api/health` every 20 ms. A quiet run (the same load and health probe, no editing) comes first, for the
 * side-by-side. New examples are followed one at a time until the bot uses them (`untilMatched`); then the next
 * saved example is followed.
 */

export interface LoadFigures {
  messages: number;
  errors: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface EditingRun {
  database: string;
  kind: 'quiet' | 'editing';
  conversations: LoadFigures;
  health: Percentiles;
  saves: Percentiles | null;
  /** ms from a save's answer until the bot matched the example's text to its command */
  untilUsed: Percentiles | null;
  /** examples followed that the bot did not use within 10 s */
  notUsed: number;
  load: string;
}

const EDITING_TOPICS = [
  'kayak',
  'sauna',
  'violin',
  'glacier',
  'lantern',
  'orchard',
  'harbour',
  'meadow',
  'quarry',
  'tunnel',
  'canyon',
  'lagoon',
  'pottery',
  'origami',
  'falconry',
  'archery',
  'fencing',
  'rowing',
  'sailing',
  'curling',
  'chess',
  'poker',
  'sudoku',
  'karaoke',
  'ballet',
  'opera',
  'circus',
  'rodeo',
  'safari',
  'carnival',
  'vineyard',
  'brewery',
  'distillery',
  'creamery',
  'apiary',
  'hatchery',
  'nursery',
  'greenhouse',
  'windmill',
  'lighthouse',
  'observatory',
  'planetarium',
  'aquarium',
  'zoo',
  'arboretum',
  'botanic',
  'castle',
  'cathedral',
  'monastery',
  'pagoda',
];

/** The editing owner's bot: 50 commands, `perCommand` examples each (5 to 20), trained before the run. */
function startingExamples(topic: string, perCommand: number): string[] {
  const forms = [
    `i want to book the ${topic}`,
    `how much is the ${topic}`,
    `${topic} opening times`,
    `is the ${topic} open today`,
    `tell me about your ${topic}`,
    `can children go to the ${topic}`,
    `where do i park for the ${topic}`,
    `is there a discount for the ${topic}`,
    `how long does the ${topic} take`,
    `can i bring my dog to the ${topic}`,
    `do i need a ticket for the ${topic}`,
    `what should i wear at the ${topic}`,
    `is the ${topic} accessible by bus`,
    `can we have lunch at the ${topic}`,
    `how early should i arrive at the ${topic}`,
    `is the ${topic} good for families`,
    `can i cancel my ${topic} booking`,
    `does the ${topic} take card payments`,
    `are photos allowed at the ${topic}`,
    `is the ${topic} crowded at weekends`,
  ];
  return forms.slice(0, perCommand);
}

/** The examples added during the run: five per command, new words so the bot cannot match them before. */
function addedExample(index: number): { topic: number; text: string } {
  const topic = index % EDITING_TOPICS.length;
  const round = Math.floor(index / EDITING_TOPICS.length);
  const name = EDITING_TOPICS[topic] ?? 'kayak';
  const forms = [
    `could my grandmother visit the ${name} on sunday number ${index}`,
    `we are a school group of ${index} pupils for the ${name}`,
    `gift voucher ${index} for the ${name}`,
    `wheelchair access ${index} at the ${name}`,
    `lost property ${index} left at the ${name}`,
  ];
  return { topic, text: forms[round % forms.length] ?? name };
}

function percentiles(values: number[]): Percentiles {
  const summary = summarizeLatencies(values);
  return { count: values.length, p50: summary.p50, p99: summary.p99, max: summary.max };
}

/** The editing owner and their commands' ids. */
async function buildEditingBot(
  client: Client,
  perCommand: number,
): Promise<{ token: string; commandIds: number[] }> {
  const { token, serviceId } = await registerOwnerWithService(client, 'Editing service');
  const commandIds: number[] = [];
  for (const topic of EDITING_TOPICS)
    commandIds.push(
      await saveCommand(client, token, serviceId, {
        name: topic,
        examples: startingExamples(topic, perCommand),
      }),
    );
  await trainAndWait(client, token);
  return { token, commandIds };
}

/** Asks /api/health every 20 ms until stopped; answers each call's latency. */
function probeHealth(client: Client): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let isStopped = false;
  const running = (async () => {
    while (!isStopped) {
      const started = performance.now();
      await client.call('GET', '/api/health');
      latencies.push(performance.now() - started);
      await sleep(20);
    }
  })();
  return {
    async stop() {
      isStopped = true;
      await running;
      return latencies;
    },
  };
}

/** Sends `text` to /debug every 50 ms until it matches `commandId`: the ms it took, or null after 10 s. */
async function untilMatched(
  client: Client,
  token: string,
  text: string,
  commandId: number,
): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    const answer = await client.call(
      'GET',
      `/api/debug?message=${encodeURIComponent(text)}`,
      undefined,
      token,
    );
    if (answer.json?.data?.matched_command?.command_id === commandId) return performance.now() - started;
    await sleep(50);
  }
  return null;
}

/**
 * Saves `count` examples one after another, spread over `spreadMs` (the next save is sent at its turn, or when the
 * last one answered if that is later). One example at a time is followed until the bot uses it (an owner trying
 * the example they just typed): when the last followed one is used, the next save is followed.
 */
async function editExamples(
  client: Client,
  owner: { token: string; commandIds: number[] },
  count: number,
  spreadMs: number,
): Promise<{ saves: number[]; untilUsed: number[]; notUsed: number }> {
  const begun = performance.now();
  const saves: number[] = [];
  const untilUsed: number[] = [];
  let notUsed = 0;
  let following: Promise<void> | null = null;
  for (let index = 0; index < count; index += 1) {
    const { topic, text } = addedExample(index);
    const commandId = owner.commandIds[topic] as number;
    const body = { example_command_id: commandId, example_text: text, example_vars: [] };
    const turn = begun + (index * spreadMs) / count - performance.now();
    if (turn > 0) await sleep(turn);
    const started = performance.now();
    await expectOk(
      client.call('POST', '/api/command_example/save_example', body, owner.token),
      'example save',
    );
    saves.push(performance.now() - started);
    if (following) continue;
    following = untilMatched(client, owner.token, text, commandId).then((ms) => {
      if (ms === null) notUsed += 1;
      else untilUsed.push(ms);
      following = null;
    });
  }
  await following;
  return { saves, untilUsed, notUsed };
}

/** The 1, 5 and 15 minute load averages when a run ended. */
function loadNote(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}

export async function benchEditingOn(
  server: ServerProcess,
  botToken: string,
  options: { senders: number; seconds: number; rate: number; examples: number; botExamples: number },
): Promise<EditingRun[]> {
  const client = createClient(server.url, 16);
  try {
    console.log(
      `${server.label}: building the editing owner's bot (50 commands × ${options.botExamples} examples)…`,
    );
    const owner = await buildEditingBot(client, options.botExamples);
    const runs: EditingRun[] = [];
    for (const kind of ['quiet', 'editing'] as const) {
      console.log(
        `${server.label}: ${kind} run — ${options.senders} senders offering ${options.rate} messages/s` +
          (kind === 'editing' ? `, while ${options.examples} examples are added one by one…` : '…'),
      );
      const health = probeHealth(client);
      const load = runLoadProcess<LoadFigures>('load.ts', [
        server.url,
        botToken,
        options.senders,
        options.seconds,
        options.rate,
        kind === 'quiet' ? 5_000_000 : 6_000_000,
      ]);
      // the edits spread over the load's first nine tenths, so they overlap it to the end
      const spreadMs = options.seconds * 900;
      const edits = kind === 'editing' ? await editExamples(client, owner, options.examples, spreadMs) : null;
      const conversations = await load;
      const healthLatencies = await health.stop();
      runs.push({
        database: server.label,
        kind,
        conversations,
        health: percentiles(healthLatencies),
        saves: edits ? percentiles(edits.saves) : null,
        untilUsed: edits ? percentiles(edits.untilUsed) : null,
        notUsed: edits?.notUsed ?? 0,
        load: loadNote(),
      });
    }
    return runs;
  } finally {
    client.close();
  }
}

const ms = (value: number) => value.toFixed(1);

export function describeEditingRuns(runs: EditingRun[]): string {
  return [
    '| database | run | messages/s | conv p50 | conv p90 | conv p99 | errors | health p99 | saves | save p50 | save p99 | examples followed | until used p50 | until used max | load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map((run) => {
      const { conversations: c } = run;
      const saves = run.saves
        ? `${run.saves.count} | ${ms(run.saves.p50)} | ${ms(run.saves.p99)}`
        : '— | — | —';
      const used = run.untilUsed
        ? `${run.untilUsed.count}${run.notUsed > 0 ? ` (+${run.notUsed} not used in 10 s)` : ''} | ${ms(run.untilUsed.p50)} | ${ms(run.untilUsed.max)}`
        : '— | — | —';
      return (
        `| ${run.database} | ${run.kind} | ${(c.messages / c.seconds).toFixed(0)} | ${ms(c.p50)} | ${ms(c.p90)} | ` +
        `${ms(c.p99)} | ${c.errors} | ${ms(run.health.p99)} | ${saves} | ${used} | ${run.load} |`
      );
    }),
  ].join('\n');
}
