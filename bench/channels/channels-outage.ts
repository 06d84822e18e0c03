import { performance } from 'node:perf_hooks';
import {
  type FakeTelegram,
  textUpdate,
} from '../../apps/server/src/testing/channels/telegram/fake-telegram-api.ts';
import { benchCommands } from '../chat/bot-corpus.ts';
import { createClient } from '../chat/http-client.ts';
import { createPacer } from '../chat/load-pacing.ts';
import type { OutageFigures, OutageLoad } from './load-messages.ts';
import { watchSendMessages } from './watch-sends.ts';

/**
 * The outage run of bench:channels: the chats write while the fake Bot API answers every sendMessage
 * with 500 for `outageSeconds`, then it recovers (and from then on limits the bot to Telegram's ~30 messages a
 * second, answering 429 with retry_after past it). A chat writes on its schedule, waits for its reply up to
 * 30 s as a person would, then writes again; it stops writing when the outage ends. Each reply is the answer of
 * the command whose example the chat sent ("Here is what I know about the <topic>, …"), so a chat's replies are
 * checked against its updates in order. Measured: the backlog at recovery, how long after recovery its last
 * reply arrived, lost (an update never answered), doubled (more replies than updates) and chats whose replies
 * came out of order.
 */

interface ChatLog {
  /** the reply each sent update expects, in the order sent */
  expected: string[];
  /** the replies that arrived, in order */
  replies: { text: string; at: number }[];
  onReply: (() => void) | null;
}

const examples = benchCommands.flatMap((command) =>
  command.examples.map((text) => ({ text, reply: command.answer.split('{{')[0] ?? command.answer })),
);
const replyWaitMs = 30_000;

/** Keeps each chat's replies in order of arrival, and counts the calls the fake refused, until unwatch. */
function watchReplies(fake: FakeTelegram, chats: Map<number, ChatLog>, counters: { failed: number }) {
  return watchSendMessages(fake, (call, at) => {
    if (call.status !== 200) {
      counters.failed += 1;
      return;
    }
    const chat = chats.get(Number(call.body.chat_id));
    if (!chat) return;
    chat.replies.push({ text: String(call.body.text), at });
    chat.onReply?.();
  });
}

/** Resolves on the chat's next reply, or after `ms`. */
function nextReply(chat: ChatLog, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    chat.onReply = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

export async function runOutage(
  fake: FakeTelegram,
  botToken: string,
  load: OutageLoad,
): Promise<OutageFigures> {
  const webhook = fake.webhookOf(botToken);
  if (!webhook) throw new Error('the server did not set a webhook on the fake Bot API');
  const url = new URL(webhook.url);
  const client = createClient(url.origin, webhook.maxConnections ?? 40);
  const headers = { 'x-telegram-bot-api-secret-token': webhook.secretToken ?? '' };
  const chats = new Map<number, ChatLog>();
  const counters = { failed: 0 };
  const unwatch = watchReplies(fake, chats, counters);
  const pacer = createPacer(load.chats, load.rate);
  let nextUpdateId = load.updateIdBase;
  let updates = 0;

  fake.startOutage('sendMessage', 500);
  const outageEnds = performance.now() + load.outageSeconds * 1000;

  async function runChat(index: number): Promise<void> {
    const chatId = load.chatBase + index;
    const chat: ChatLog = { expected: [], replies: [], onReply: null };
    chats.set(chatId, chat);
    for (let turn = 0; performance.now() < outageEnds; turn += 1) {
      await pacer.waitForTurn(index, turn);
      if (performance.now() >= outageEnds) break;
      const example = examples[(index * 7 + turn) % examples.length] ?? examples[0];
      if (!example) return;
      chat.expected.push(example.reply);
      updates += 1;
      const answered = chat.replies.length;
      await client.call(
        'POST',
        url.pathname,
        textUpdate(nextUpdateId++, chatId, example.text),
        undefined,
        headers,
      );
      // as a person: wait for the answer a while, then write again
      if (chat.replies.length === answered) {
        await nextReply(chat, Math.min(replyWaitMs, outageEnds - performance.now()));
      }
      chat.onReply = null;
    }
  }

  await Promise.all(Array.from({ length: load.chats }, (_, index) => runChat(index)));
  fake.endOutage('sendMessage');
  fake.limitRate(load.telegramRate);
  const recoveredAt = performance.now();
  const unanswered = () =>
    [...chats.values()].reduce(
      (sum, chat) => sum + Math.max(0, chat.expected.length - chat.replies.length),
      0,
    );
  const backlog = unanswered();
  const drainDeadline = recoveredAt + load.drainLimitSeconds * 1000;
  while (unanswered() > 0 && performance.now() < drainDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // late doubles still count
  await new Promise((resolve) => setTimeout(resolve, load.graceMs));
  fake.limitRate(undefined);
  unwatch();
  client.close();

  let lost = 0;
  let extra = 0;
  let outOfOrder = 0;
  let lastReplyAt = recoveredAt;
  for (const chat of chats.values()) {
    lost += Math.max(0, chat.expected.length - chat.replies.length);
    extra += Math.max(0, chat.replies.length - chat.expected.length);
    const isInOrder = chat.replies.every((reply, index) => {
      const expected = chat.expected[index];
      return expected === undefined || reply.text.startsWith(expected);
    });
    if (!isInOrder) outOfOrder += 1;
    for (const reply of chat.replies) lastReplyAt = Math.max(lastReplyAt, reply.at);
  }
  return {
    updates,
    backlogAtRecovery: backlog,
    failedCalls: counters.failed,
    drainSeconds: (lastReplyAt - recoveredAt) / 1000,
    lost,
    extraReplies: extra,
    outOfOrderChats: outOfOrder,
  };
}
