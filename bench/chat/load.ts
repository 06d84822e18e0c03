import { performance } from 'node:perf_hooks';
import { messageFor } from './bot-corpus.ts';
import { createClient } from './http-client.ts';
import { createPacer, summarizeLatencies } from './load-pacing.ts';

/**
 * The load side, run as its own process: `senders` simulated web-messenger users for `seconds`. With `rate`
 * 0 each sends its next message as soon as the previous one is answered (saturation); with a rate (messages/s
 * for all senders together) each sender keeps a fixed schedule (load-pacing.ts). At most 100,000 messages per sender either way. Sender ids start at
 * `senderBase`: each run takes its own, so a run never inherits another's per-sender rate-limit windows.
 * Prints one JSON line: messages, errors, statuses, seconds, latency percentiles (ms).
 */
const [baseUrl, botToken, sendersArg, secondsArg, rateArg, senderBaseArg] = process.argv.slice(2);
if (!baseUrl || !botToken)
  throw new Error('usage: load.ts <base url> <bot token> [senders] [seconds] [rate] [sender base]');
const senders = Number(sendersArg ?? 200);
const seconds = Number(secondsArg ?? 20);
const rate = Number(rateArg ?? 0);
const senderBase = Number(senderBaseArg ?? 1_000_000);
const maxPerSender = 100_000;
const client = createClient(baseUrl, senders);
const pacer = createPacer(senders, rate);
const latencies: number[] = [];
let errors = 0;
const statuses = new Map<number, number>();
const deadline = performance.now() + seconds * 1000;

async function runSender(index: number): Promise<void> {
  const senderId = senderBase + index;
  for (let turn = 0; turn < maxPerSender && performance.now() < deadline; turn += 1) {
    await pacer.waitForTurn(index, turn);
    if (performance.now() >= deadline) break;
    const text = messageFor(index * 7 + turn);
    const started = performance.now();
    const answer = await client.call('POST', `/widget/api/${botToken}/messages`, {
      sender_id: senderId,
      event: { type: 'text', text },
    });
    latencies.push(performance.now() - started);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status !== 200 || answer.json?.status !== 1 || !Array.isArray(answer.json.replies))
      errors += 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: senders }, (_, index) => runSender(index)));
const elapsed = (performance.now() - started) / 1000;
client.close();
console.log(
  JSON.stringify({
    messages: latencies.length,
    errors,
    statuses: Object.fromEntries(statuses),
    seconds: elapsed,
    ...summarizeLatencies(latencies),
  }),
);
