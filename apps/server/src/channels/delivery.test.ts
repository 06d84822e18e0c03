import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotice } from '../modules/notices/notice-repository.ts';
import { type FakeTelegram, startFakeTelegram } from '../testing/channels/telegram/fake-telegram-api.ts';
import { telegramApps, textUpdate } from '../testing/channels/telegram/telegram-updates.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../testing/conversation-server.ts';
import { testDatabaseKinds } from '../testing/test-databases.ts';
import type { ChannelTables } from './channel-tables.ts';
import { createChannelsModule } from './channels-module.ts';

const BOT_TOKEN = '654321:AAE-delivery-bot-token';

async function until<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** how long this server's worker waits for Telegram's answer (30 s in production) */
const ANSWER_WAIT_MS = 1500;
const BROKEN_PHOTO = 'https://cdn.example.com/menu/2.jpg';

/**
 * A reply survives an outage: against the strict fake Bot API, with the delivery worker's clock in the test's
 * hands (it polls every 20 ms of real time; retries come due as the test moves its clock), so the 25 s outage
 * and the 70 s retry_after below take milliseconds.
 */
describe.each(await testDatabaseKinds())('replies that wait out Telegram on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeTelegram;
  let bot: TestBot;
  const clock = { now: new Date('2026-11-29T10:00:00.000Z') };

  const callsTo = (chat: number) => fake.calls.filter((call) => String(call.body?.chat_id) === String(chat));
  const textsTo = (chat: number) =>
    fake
      .sent('sendMessage', BOT_TOKEN)
      .filter((call) => String(call.body.chat_id) === String(chat))
      .map((call) => call.body.text);
  /** whether the worker has tried every chat's next delivery that is due (none being sent, none due waiting) */
  const isSettled = async () => {
    const rows = await server.database.db
      .withTables<ChannelTables>()
      .selectFrom('deliveries')
      .select(['sender_id', 'status', 'next_at'])
      .where('status', 'in', ['pending', 'sending'])
      .orderBy('id')
      .execute();
    const heads = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (!heads.has(row.sender_id)) heads.set(row.sender_id, row);
    return [...heads.values()].every(
      (head) => head.status === 'pending' && new Date(head.next_at).getTime() > clock.now.getTime(),
    );
  };
  const settled = () =>
    until(async () => ((await isSettled()) ? true : undefined), 'the worker tried what was due');
  /**
   * Moves the worker's clock once the tries in flight have ended (a try that ends after the move would plan its
   * next one from the moved clock), then waits until it has tried what came due.
   */
  const advance = async (ms: number) => {
    await settled();
    clock.now = new Date(clock.now.getTime() + ms);
    await pause(30);
    await settled();
  };
  const deliveriesOf = (chat: number) =>
    server.database.db
      .withTables<ChannelTables>()
      .selectFrom('deliveries')
      .selectAll()
      .where('sender_id', '=', String(chat))
      .orderBy('id')
      .execute();
  /** the newest turn of the chat's transcript, as the conversation screen reads it */
  const lastTurn = async (chat: number) => {
    const key = encodeURIComponent(`telegram:${chat}`);
    const turns = await server.call('GET', `/api/conversations/${key}/turns`, { token: bot.token });
    // undefined until the conversation is stored
    return (turns.json.data?.at(-1) ?? { trace: [], delivery: null }) as {
      trace: { step: string; note: string }[];
      delivery: unknown;
    };
  };
  /** the newest turn's trace note of the delivery step */
  const deliveryNote = async (chat: number) =>
    (await lastTurn(chat)).trace.find((step) => step.step === 'delivery')?.note ?? '';

  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(BOT_TOKEN, { username: 'delivery_bot' });
    const channels = createChannelsModule({
      noticePollMs: 50,
      delivery: { now: () => clock.now, random: () => 0.5, pollMs: 20, timeoutMs: ANSWER_WAIT_MS },
    });
    server = await startConversationServer(kind, {}, { telegramApiUrl: fake.url, deliveryRetryHours: 1 }, [
      channels,
    ]);
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'opening hours',
      examples: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'],
      response: { resp_text: 'We open at nine.' },
    });
    await addCommand(bot, {
      name: 'delivery area',
      examples: ['do you deliver to my street', 'where do you deliver', 'delivery area please'],
      response: { resp_text: 'We deliver all over Cairo.' },
    });
    await addCommand(bot, {
      name: 'menu',
      examples: ['show me the menu', 'what is on the menu', 'menu please'],
      response: {
        resp_type: 'static_cards',
        resp_text: 'Our menu:',
        resp_static_cards_resp_struct: [1, 2, 3, 4, 5].map((dish) => ({
          title_default_value: `Dish ${dish}`,
          subtitle_default_value: `${dish * 3} €`,
          media_default_value: `https://cdn.example.com/menu/${dish}.jpg`,
        })),
      },
    });
    await saveChatbot(bot, { apps: telegramApps(BOT_TOKEN) } as never);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('keeps four chats’ replies through a 25 s outage and delivers each once after it', async () => {
    const chats = [8101, 8102, 8103, 8104];
    fake.startOutage('sendMessage', 500);
    for (const [index, chat] of chats.entries()) {
      expect((await fake.deliver(BOT_TOKEN, textUpdate(100 + index, chat, 'when are you open'))).status).toBe(
        200,
      );
    }
    for (const chat of chats)
      await until(() => (callsTo(chat).length > 0 ? true : undefined), `a try for ${chat}`);
    expect(await until(async () => (await deliveryNote(8101)) || undefined, 'the waiting note')).toBe(
      'waiting for Telegram (retry 2 in 2 s): Telegram sendMessage: 500 Internal Server Error',
    );
    // 25 s of outage, the clock moving 5 s at a time: tries at 0, 5 and 15 s (each waiting 2, 6, 18 s), none taken
    for (let second = 0; second < 25; second += 5) await advance(5000);
    for (const chat of chats) {
      expect(textsTo(chat)).toEqual([]);
      expect(callsTo(chat).length).toBe(3);
    }
    expect(await deliveryNote(8101)).toMatch(/^waiting for Telegram \(retry 4 in 18 s\)/);
    expect((await lastTurn(8101)).delivery).toEqual({
      status: 'pending',
      attempts: 3,
      next_at: new Date(clock.now.getTime() - 10_000 + 18_000).toISOString(),
      error: 'Telegram sendMessage: 500 Internal Server Error',
      refused_parts: 0,
    });

    fake.endOutage('sendMessage');
    await advance(10_000);
    for (const chat of chats) {
      await until(() => (textsTo(chat).length > 0 ? true : undefined), `the reply to ${chat}`);
    }
    await advance(60_000);
    for (const chat of chats) {
      expect(textsTo(chat)).toEqual(['We open at nine.']);
      expect((await deliveriesOf(chat)).map((row) => [row.status, row.attempts])).toEqual([['delivered', 4]]);
    }
    expect(await deliveryNote(8101)).toBe('delivered after 4 tries');
    expect((await lastTurn(8101)).delivery).toMatchObject({ status: 'delivered', attempts: 4 });
  });

  it('waits out a 429’s retry_after of 70 s with no try in between, and keeps the chat’s order', async () => {
    const chat = 8201;
    fake.failNext('sendMessage', 429, { retryAfter: 70 });
    await fake.deliver(BOT_TOKEN, textUpdate(200, chat, 'when are you open'));
    await until(() => (callsTo(chat).length > 0 ? true : undefined), 'the first try');
    expect(await until(async () => (await deliveryNote(chat)) || undefined, 'the waiting note')).toBe(
      'waiting for Telegram (retry 2 in 70 s): Telegram sendMessage: 429 Too Many Requests: retry after 70',
    );
    // the chat writes again while its first reply waits: the second reply waits behind it
    await fake.deliver(BOT_TOKEN, textUpdate(201, chat, 'where do you deliver'));
    await until(async () => ((await deliveriesOf(chat)).length === 2 ? true : undefined), 'both queued');
    await advance(69_000);
    expect(callsTo(chat).length).toBe(1);
    expect(textsTo(chat)).toEqual([]);

    await advance(1000);
    await until(() => (textsTo(chat).length === 2 ? true : undefined), 'both replies');
    expect(textsTo(chat)).toEqual(['We open at nine.', 'We deliver all over Cairo.']);
    expect(callsTo(chat).length).toBe(3);
  });

  it('stops at once when the user blocked the bot, and says so in the trace', async () => {
    const chat = 8301;
    fake.failNext('sendMessage', 403, { description: 'Forbidden: bot was blocked by the user' });
    await fake.deliver(BOT_TOKEN, textUpdate(300, chat, 'when are you open'));
    const [row] = await until(async () => {
      const rows = await deliveriesOf(chat);
      return rows[0]?.status === 'refused' ? rows : undefined;
    }, 'the refusal');
    expect(row).toMatchObject({
      attempts: 1,
      last_error: expect.stringContaining('bot was blocked by the user'),
    });
    await advance(3_600_000);
    expect(callsTo(chat).length).toBe(1);
    expect(await deliveryNote(chat)).toBe(
      'refused by Telegram: Telegram sendMessage: 403 Forbidden: bot was blocked by the user',
    );
  });

  it('sends a notice left outside a turn behind the chat’s waiting reply, each once', async () => {
    const chat = 8401;
    fake.startOutage('sendMessage', 502);
    await fake.deliver(BOT_TOKEN, textUpdate(400, chat, 'when are you open'));
    await until(() => (callsTo(chat).length > 0 ? true : undefined), 'the first try');
    const sender = { userId: bot.userId, platform: 'telegram', senderId: String(chat) };
    await insertNotice(server.database.db, sender, { type: 'text', text: 'Your order TG-7 is confirmed.' });
    await until(
      async () => ((await deliveriesOf(chat)).length === 2 ? true : undefined),
      'the notice queued',
    );
    await advance(2000);
    expect(textsTo(chat)).toEqual([]);
    fake.endOutage('sendMessage');
    await advance(6000);
    await until(() => (textsTo(chat).length === 2 ? true : undefined), 'the reply and the notice');
    await advance(60_000);
    expect(textsTo(chat)).toEqual(['We open at nine.', 'Your order TG-7 is confirmed.']);
  });

  it('gives a reply up after DELIVERY_RETRY_HOURS, saying so', async () => {
    const chat = 8501;
    fake.startOutage('sendMessage', 500);
    try {
      await fake.deliver(BOT_TOKEN, textUpdate(500, chat, 'when are you open'));
      await until(() => (callsTo(chat).length > 0 ? true : undefined), 'the first try');
      // a try every 10 min (each waits 2 s, 6 s, 18 s, 54 s, 2.7 min, 8.1 min): the 7th, at the hour, would wait
      // 24 min more — past DELIVERY_RETRY_HOURS (1 on this server), so the reply is given up
      for (let step = 0; step < 6; step += 1) await advance(10 * 60_000);
      const [row] = await until(async () => {
        const rows = await deliveriesOf(chat);
        return rows[0]?.status === 'expired' ? rows : undefined;
      }, 'the expiry');
      expect(row?.attempts).toBe(7);
      const note = await until(async () => {
        const written = await deliveryNote(chat);
        return written.startsWith('not delivered') ? written : undefined;
      }, 'the note');
      expect(note).toMatch(/^not delivered: Telegram did not take it before .*500/);
      await advance(60 * 60_000);
      expect(callsTo(chat).length).toBe(7);
    } finally {
      fake.endOutage('sendMessage');
    }
  });

  it('sends the rest of a turn when Telegram refuses one card of it, and records the refused one', async () => {
    const chat = 8601;
    fake.failToFetch(BROKEN_PHOTO);
    await fake.deliver(BOT_TOKEN, textUpdate(600, chat, 'show me the menu'));
    const [row] = await until(async () => {
      const rows = await deliveriesOf(chat);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    }, 'the delivery');
    const captions = fake
      .sent('sendPhoto', BOT_TOKEN)
      .filter((call) => String(call.body.chat_id) === String(chat))
      .map((call) => String(call.body.caption).split('\n')[0]);
    expect(textsTo(chat)).toEqual(['Our menu:']);
    expect(captions).toEqual(['Dish 1', 'Dish 3', 'Dish 4', 'Dish 5']);
    expect(row).toMatchObject({ attempts: 1, parts_refused: 1 });
    const turn = await lastTurn(chat);
    expect(turn.trace.filter((step) => step.step === 'telegram').map((step) => step.note)).toEqual([
      'refused: message 3 of 6: Telegram sendPhoto: 400 Bad Request: failed to get HTTP URL content',
    ]);
    expect(turn.delivery).toMatchObject({
      status: 'delivered',
      refused_parts: 1,
      error: 'Telegram sendPhoto: 400 Bad Request: failed to get HTTP URL content',
    });
  });

  it('waits for a slow answer instead of sending again', async () => {
    const chat = 8701;
    fake.answerSlowly('sendMessage', ANSWER_WAIT_MS / 3);
    await fake.deliver(BOT_TOKEN, textUpdate(700, chat, 'when are you open'));
    await until(
      async () => ((await deliveriesOf(chat))[0]?.status === 'delivered' ? true : undefined),
      'sent',
    );
    await advance(60_000);
    expect(callsTo(chat).length).toBe(1);
    expect(textsTo(chat)).toEqual(['We open at nine.']);
  });

  it('sends a message Telegram never answered once more, and not a third time', async () => {
    // Telegram takes the message but answers after the worker stopped waiting: it may have arrived, and
    // Telegram has no way to ask, so it is sent once more (the customer may see it twice), then no more
    const chat = 8801;
    fake.answerSlowly('sendMessage', ANSWER_WAIT_MS + 400);
    await fake.deliver(BOT_TOKEN, textUpdate(800, chat, 'when are you open'));
    expect(await until(async () => (await deliveryNote(chat)) || undefined, 'the waiting note')).toBe(
      'waiting for Telegram (retry 2 in 2 s): no answer in 2 s (Telegram sendMessage: The operation was aborted due to timeout)',
    );
    expect((await deliveriesOf(chat))[0]).toMatchObject({ status: 'pending', unanswered_tries: 1 });
    fake.answerSlowly('sendMessage', ANSWER_WAIT_MS + 400);
    await advance(2000);
    const [row] = await until(async () => {
      const rows = await deliveriesOf(chat);
      return rows[0]?.status === 'unanswered' ? rows : undefined;
    }, 'given up as unanswered');
    expect(row).toMatchObject({ attempts: 2, unanswered_tries: 1 });
    // the trace is written just after the delivery is settled
    const note = await until(async () => {
      const written = await deliveryNote(chat);
      return written.startsWith('not sent again') ? written : undefined;
    }, 'the note');
    expect(note).toBe(
      'not sent again: no answer from Telegram in 2 s, twice; it may have arrived (Telegram sendMessage: The operation was aborted due to timeout)',
    );
    await advance(60 * 60_000);
    // Telegram took both: the customer saw it twice, the most a message is shown (channels README)
    expect(callsTo(chat).length).toBe(2);
    expect(textsTo(chat)).toEqual(['We open at nine.', 'We open at nine.']);
    expect((await lastTurn(chat)).delivery).toMatchObject({ status: 'unanswered', attempts: 2 });

    // once answered, the next reply to the chat is sent as usual
    await fake.deliver(BOT_TOKEN, textUpdate(801, chat, 'where do you deliver'));
    await until(() => (textsTo(chat).includes('We deliver all over Cairo.') ? true : undefined), 'the next');
  });

  it('holds the bot’s other chats while it waits out a short retry_after (its overall rate)', async () => {
    const [limited, other] = [8951, 8952];
    fake.failNext('sendMessage', 429, { retryAfter: 1 });
    await fake.deliver(BOT_TOKEN, textUpdate(950, limited, 'when are you open'));
    await until(() => (callsTo(limited).length > 0 ? true : undefined), 'the 429');
    await fake.deliver(BOT_TOKEN, textUpdate(951, other, 'when are you open'));
    await until(async () => ((await deliveriesOf(other)).length > 0 ? true : undefined), 'the reply queued');
    // due, but the bot was asked to wait a second: not tried meanwhile
    await pause(300);
    expect(callsTo(other)).toEqual([]);
    clock.now = new Date(clock.now.getTime() + 1000);
    await until(
      () => (textsTo(other).length > 0 && textsTo(limited).length > 0 ? true : undefined),
      'both sent',
    );
    expect(callsTo(limited).length).toBe(2);
    expect(callsTo(other).length).toBe(1);
  });

  it('calls the backlog forward once a retry gets through, and keeps a retry_after to the second', async () => {
    const [early, waiting, late] = [8901, 8902, 8903];
    fake.startOutage('sendMessage', 500);
    await fake.deliver(BOT_TOKEN, textUpdate(900, early, 'when are you open'));
    await until(() => (callsTo(early).length > 0 ? true : undefined), 'the first try');
    // two more failures: the next try 18 s away
    await advance(2000);
    await advance(6000);
    expect(callsTo(early).length).toBe(3);
    fake.failNext('sendMessage', 429, { retryAfter: 300 });
    await fake.deliver(BOT_TOKEN, textUpdate(901, waiting, 'when are you open'));
    await until(() => (callsTo(waiting).length > 0 ? true : undefined), 'the 429');
    await fake.deliver(BOT_TOKEN, textUpdate(902, late, 'when are you open'));
    await until(() => (callsTo(late).length > 0 ? true : undefined), 'the late chat’s try');
    fake.endOutage('sendMessage');
    // the late chat's retry, 2 s on, gets through: the early chat is sent at once, not 16 s later
    await advance(2000);
    await until(() => (textsTo(early).length > 0 ? true : undefined), 'the early chat’s reply');
    expect(textsTo(late)).toEqual(['We open at nine.']);
    expect(textsTo(early)).toEqual(['We open at nine.']);
    expect((await deliveriesOf(early)).map((row) => [row.status, row.attempts])).toEqual([['delivered', 4]]);
    // the platform asked the other chat to wait 300 s: it waits
    expect(callsTo(waiting).length).toBe(1);
    await advance(300_000);
    await until(() => (textsTo(waiting).length > 0 ? true : undefined), 'the reply after its retry_after');
    expect(callsTo(waiting).length).toBe(2);
  });
});
