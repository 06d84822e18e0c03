import { performance } from 'node:perf_hooks';
import { BRANCH_COUNT, branchAt, nameQueryFor } from './branches.ts';
import { FAKE_RATE } from './fake-api.ts';
import { type CallAnswer, createClient } from './http-client.ts';
import { liveBotTexts } from './live-bot.ts';
import { createPacer, type LatencySummary, summarizeLatencies } from './load-pacing.ts';

/**
 * The live-data load, run as its own process: `senders` simulated web-messenger users for `seconds`, paced at
 * `rate` messages/s offered in all (load-pacing.ts). Each sender runs the live bot's conversations in turn —
 * "find a branch" then a branch's name (LIKE), "nearest branch" then a shared location (NEARBY), "exchange
 * rate" (the api response) — timing every message, and checks every answer: the prompts, the branch asked for
 * among the names, the branch at the shared point as the first card, the fake API's rate. An answer that is the
 * fallback (the responses' own or the bot's `botFallback`) or not the live data counts as an error.
 * Prints one JSON line: messages, errors by kind, statuses, seconds, latency percentiles (ms) in all and per
 * step, and the first wrong answers.
 */
const [baseUrl, botToken, sendersArg, secondsArg, rateArg, senderBaseArg, botFallback = ''] =
  process.argv.slice(2);
if (!baseUrl || !botToken)
  throw new Error(
    'usage: live-load.ts <base url> <bot token> [senders] [seconds] [rate] [sender base] [fallback]',
  );
const senders = Number(sendersArg ?? 200);
const seconds = Number(secondsArg ?? 20);
const rate = Number(rateArg ?? 200);
const senderBase = Number(senderBaseArg ?? 5_000_000);
const maxPerSender = 100_000;

interface Reply {
  type: string;
  text?: string;
  cards?: { title?: string }[];
}

/** One message of a conversation: what is sent, and whether the replies are the expected live data. */
interface Step {
  label: string;
  event: Record<string, unknown>;
  isExpected(replies: Reply[]): boolean;
}

const texts = (replies: Reply[]) =>
  replies.flatMap((reply) => (reply.text === undefined ? [] : [reply.text]));
const pick = (list: string[], n: number) => list[n % list.length] as string;

/**
 * Conversation number `cycle` of sender `index`: five messages, on branches that differ per sender and cycle.
 * Senders start at different conversations (index mod 3), as real senders are not in step: with every sender
 * on the same step, each second of a run carried one kind of message only (200 NEARBY turns in one second, then
 * 200 api turns in the next).
 */
function conversationSteps(index: number, cycle: number): Step[] {
  const named = (index * 7_919 + cycle * 104_729) % BRANCH_COUNT;
  const near = branchAt((index * 3_571 + cycle * 15_485_863 + 1) % BRANCH_COUNT);
  const [findRequest, findName, nearestRequest, nearestLocation, rate] = stepsOf(named, near, cycle);
  const conversations = [[findRequest, findName], [nearestRequest, nearestLocation], [rate]];
  const first = process.env.BENCH_LIVE_LOCKSTEP === '1' ? 0 : index % conversations.length;
  return [...conversations.slice(first), ...conversations.slice(0, first)].flat() as Step[];
}

function stepsOf(named: number, near: ReturnType<typeof branchAt>, cycle: number): Step[] {
  return [
    {
      label: 'find a branch: request',
      event: { type: 'text', text: pick(liveBotTexts.findExamples, cycle) },
      isExpected: (replies) => texts(replies).includes(liveBotTexts.namePrompt),
    },
    {
      label: 'find a branch: name (LIKE)',
      event: { type: 'text', text: nameQueryFor(named) },
      isExpected: (replies) => texts(replies).some((text) => text.includes(branchAt(named).name)),
    },
    {
      label: 'nearest branch: request',
      event: { type: 'text', text: pick(liveBotTexts.nearestExamples, cycle) },
      isExpected: (replies) => texts(replies).includes(liveBotTexts.placePrompt),
    },
    {
      label: 'nearest branch: location (NEARBY)',
      event: { type: 'location', lat: near.lat, lng: near.lng },
      isExpected: (replies) =>
        replies.find((reply) => reply.type === 'cards')?.cards?.[0]?.title === near.name,
    },
    {
      label: 'exchange rate (api)',
      event: { type: 'text', text: pick(liveBotTexts.rateExamples, cycle) },
      isExpected: (replies) => texts(replies).some((text) => text.includes(FAKE_RATE)),
    },
  ];
}

type Outcome = 'ok' | 'http' | 'fallback' | 'wrong';

function outcomeOf(answer: CallAnswer, step: Step): Outcome {
  if (answer.status !== 200 || answer.json?.status !== 1 || !Array.isArray(answer.json.replies))
    return 'http';
  const replies = answer.json.replies as Reply[];
  if (step.isExpected(replies)) return 'ok';
  const fallbacks = [liveBotTexts.fallback, botFallback].filter((text) => text !== '');
  return texts(replies).some((text) => fallbacks.includes(text)) ? 'fallback' : 'wrong';
}

const client = createClient(baseUrl, senders);
const pacer = createPacer(senders, rate);
const latencies = new Map<string, number[]>();
const outcomes = { http: 0, fallback: 0, wrong: 0 };
const errorsByStep = new Map<string, number>();
const statuses = new Map<number, number>();
const wrongAnswers: { step: string; sent: unknown; answer: unknown }[] = [];
const deadline = performance.now() + seconds * 1000;

async function send(senderId: number, step: Step): Promise<void> {
  const started = performance.now();
  const answer = await client.call('POST', `/widget/api/${botToken}/messages`, {
    sender_id: senderId,
    event: step.event,
  });
  const list = latencies.get(step.label) ?? [];
  list.push(performance.now() - started);
  latencies.set(step.label, list);
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const outcome = outcomeOf(answer, step);
  if (outcome === 'ok') return;
  outcomes[outcome] += 1;
  errorsByStep.set(step.label, (errorsByStep.get(step.label) ?? 0) + 1);
  if (wrongAnswers.length < 5) wrongAnswers.push({ step: step.label, sent: step.event, answer: answer.json });
}

async function runSender(index: number): Promise<void> {
  let turn = 0;
  for (let cycle = 0; turn < maxPerSender && performance.now() < deadline; cycle += 1) {
    for (const step of conversationSteps(index, cycle)) {
      await pacer.waitForTurn(index, turn);
      turn += 1;
      if (performance.now() >= deadline) return;
      await send(senderBase + index, step);
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: senders }, (_, index) => runSender(index)));
const elapsed = (performance.now() - started) / 1000;
client.close();
const all = [...latencies.values()].flat();
const steps: Record<string, LatencySummary & { messages: number; errors: number }> = {};
for (const [label, list] of latencies)
  steps[label] = { messages: list.length, errors: errorsByStep.get(label) ?? 0, ...summarizeLatencies(list) };
console.log(
  JSON.stringify({
    messages: all.length,
    errors: outcomes.http + outcomes.fallback + outcomes.wrong,
    outcomes,
    statuses: Object.fromEntries(statuses),
    seconds: elapsed,
    ...summarizeLatencies(all),
    steps,
    wrongAnswers,
  }),
);
