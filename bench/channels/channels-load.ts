import { performance } from 'node:perf_hooks';
import {
  type FakeTelegram,
  startFakeTelegram,
  textUpdate,
} from '../../apps/server/src/testing/channels/telegram/fake-telegram-api.ts';
import { benchCommands } from '../chat/bot-corpus.ts';
import { createClient } from '../chat/http-client.ts';
import { createPacer, summarizeLatencies } from '../chat/load-pacing.ts';
import { runOutage } from './channels-outage.ts';
import type { ChannelsLoad, ChannelsLoadFigures, FromLoad, ToLoad } from './load-messages.ts';
import { watchSendMessages } from './watch-sends.ts';

/**
 * The Telegram side of bench:channels, run as its own process (channels-process.ts starts it): the strict fake
 * Bot API (apps/server/src/testing/channels/telegram/fake-telegram-api.ts) and the chats talking to the bot
 * through the webhook the server set on it. Both in one process so that a chat can wait for its reply and the
 * reply's time is taken where it arrives; the server under test is another process.
 *
 * Each run (a `run` message): `chats` private chats for `seconds`, together offering `rate` updates/s on
 * load-pacing.ts's fixed schedule (each chat one update every chats/rate s). A chat sends its next update only
 * once the previous one is answered (as a person does; with a late reply the chat is late too, and the offered
 * rate drops — the table shows what was sent). Each update has its own update_id and the text of one of the
 * bot's examples; it is POSTed to the webhook with the secret header over at most the webhook's
 * max_connections keep-alive sockets, as Telegram does. Every 20th update is delivered a second time, with the
 * same update_id, as soon as its first delivery is acknowledged (Telegram's redelivery). Acknowledgement: the
 * webhook's HTTP answer time. Reply: from the first POST to the fake receiving a sendMessage for that chat; a
 * reply is counted for the chat's latest update (so a doubled reply shows as an update answered twice).
 */

interface UpdateRecord {
  chatId: number;
  sentAt: number;
  replies: number;
  replyMs: number | null;
  isRedelivered: boolean;
}

interface ChatState {
  current: UpdateRecord | null;
  onReply: (() => void) | null;
}

const send = (message: FromLoad) => process.send?.(message);
const examples = benchCommands.flatMap((command) => command.examples);
/** how long a chat waits for a reply before it goes on (the update then counts as lost unless it comes) */
const replyTimeoutMs = 30_000;

/** Counts each chat's replies for its latest update until the returned unwatch. */
function watchReplies(fake: FakeTelegram, chats: Map<number, ChatState>, counters: { unmatched: number }) {
  return watchSendMessages(fake, (call, at) => {
    if (call.status !== 200) return;
    const chat = chats.get(Number(call.body.chat_id));
    const update = chat?.current;
    if (!chat || !update) {
      counters.unmatched += 1;
      return;
    }
    update.replies += 1;
    if (update.replyMs === null) {
      update.replyMs = at - update.sentAt;
      chat.onReply?.();
    }
  });
}

async function runLoad(
  fake: FakeTelegram,
  botToken: string,
  load: ChannelsLoad,
): Promise<ChannelsLoadFigures> {
  const webhook = fake.webhookOf(botToken);
  if (!webhook) throw new Error('the server did not set a webhook on the fake Bot API');
  const url = new URL(webhook.url);
  const maxConnections = webhook.maxConnections ?? 40;
  const client = createClient(url.origin, maxConnections);
  const headers = { 'x-telegram-bot-api-secret-token': webhook.secretToken ?? '' };
  const chats = new Map<number, ChatState>();
  const counters = { unmatched: 0 };
  const unwatch = watchReplies(fake, chats, counters);
  const updates: UpdateRecord[] = [];
  const acks: number[] = [];
  const redeliveryAcks: number[] = [];
  const statuses = new Map<number, number>();
  const pacer = createPacer(load.chats, load.rate);
  const deadline = performance.now() + load.seconds * 1000;
  let nextUpdateId = load.updateIdBase;
  const pendingRedeliveries = new Set<Promise<void>>();

  async function post(update: unknown, into: number[]): Promise<void> {
    const started = performance.now();
    const answer = await client.call('POST', url.pathname, update, undefined, headers);
    into.push(performance.now() - started);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }

  async function runChat(index: number): Promise<void> {
    const chatId = load.chatBase + index;
    const chat: ChatState = { current: null, onReply: null };
    chats.set(chatId, chat);
    for (let turn = 0; performance.now() < deadline; turn += 1) {
      await pacer.waitForTurn(index, turn);
      if (performance.now() >= deadline) break;
      const updateId = nextUpdateId++;
      const update = textUpdate(updateId, chatId, examples[(index * 7 + turn) % examples.length] ?? 'hello');
      const record: UpdateRecord = {
        chatId,
        sentAt: performance.now(),
        replies: 0,
        replyMs: null,
        isRedelivered: updateId % 20 === 0,
      };
      updates.push(record);
      chat.current = record;
      const replied = new Promise<void>((resolve) => {
        chat.onReply = resolve;
      });
      await post(update, acks);
      if (record.isRedelivered) {
        const again = post(update, redeliveryAcks).finally(() => pendingRedeliveries.delete(again));
        pendingRedeliveries.add(again);
      }
      if (record.replyMs === null) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          replied,
          new Promise((resolve) => {
            timer = setTimeout(resolve, replyTimeoutMs);
          }),
        ]);
        clearTimeout(timer);
      }
      chat.onReply = null;
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: load.chats }, (_, index) => runChat(index)));
  const sendingSeconds = (performance.now() - started) / 1000;
  await Promise.all([...pendingRedeliveries]);
  // late replies — a doubled one included — still count for the chat's last update
  await new Promise((resolve) => setTimeout(resolve, load.graceMs));
  unwatch();
  client.close();

  const replyTimes = updates.flatMap((update) => (update.replyMs === null ? [] : [update.replyMs]));
  const redelivered = updates.filter((update) => update.isRedelivered);
  return {
    updates: updates.length,
    redelivered: redelivered.length,
    sendingSeconds,
    statuses: Object.fromEntries(statuses),
    ack: summarizeLatencies(acks),
    redeliveryAck: summarizeLatencies(redeliveryAcks),
    reply: summarizeLatencies(replyTimes),
    answered: updates.filter((update) => update.replies >= 1).length,
    lost: updates.filter((update) => update.replies === 0).length,
    doubled: updates.filter((update) => update.replies > 1).length,
    doubledRedelivered: redelivered.filter((update) => update.replies > 1).length,
    extraReplies: updates.reduce((sum, update) => sum + Math.max(0, update.replies - 1), 0),
    unmatchedReplies: counters.unmatched,
    maxConnections,
  };
}

const fake = await startFakeTelegram();
process.on('message', (message: ToLoad) => {
  if (message.type === 'addBot') {
    fake.addBot(message.botToken, { username: 'hiwar_bench_bot' });
    send({ type: 'added' });
  } else if (message.type === 'run') {
    runLoad(fake, message.botToken, message.load).then(
      (figures) => send({ type: 'figures', figures }),
      (error: unknown) => send({ type: 'error', message: String(error) }),
    );
  } else if (message.type === 'outage') {
    runOutage(fake, message.botToken, message.load).then(
      (figures) => send({ type: 'outageFigures', figures }),
      (error: unknown) => send({ type: 'error', message: String(error) }),
    );
  } else if (message.type === 'stop') {
    void fake.close().then(() => process.exit(0));
  }
});
send({ type: 'ready', url: fake.url });
