import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_TRIES } from '../modules/subscriptions/broadcast-dispatcher.ts';
import { subscribeSender } from '../modules/subscriptions/subscriber-repository.ts';
import { createSubscriptionsModule } from '../modules/subscriptions/subscriptions-module.ts';
import { type FakeTelegram, startFakeTelegram } from '../testing/channels/telegram/fake-telegram-api.ts';
import { telegramApps } from '../testing/channels/telegram/telegram-updates.ts';
import {
  type ConversationServer,
  createBot,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../testing/conversation-server.ts';
import { testDatabaseKinds } from '../testing/test-databases.ts';
import { until } from '../testing/until.ts';

const BOT_TOKEN = '765432:AAE-broadcast-outage-token';

/**
 * A broadcast survives an outage: a recipient the platform fails with a 5xx is tried again
 * later with growing waits (shortened here) instead of being recorded failed at the first 500, up to
 * BROADCAST_TRIES; the strict fake Bot API answers every sendMessage 500 while its outage lasts.
 */
describe.each(await testDatabaseKinds())('a broadcast through a Telegram outage on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeTelegram;
  let bot: TestBot;

  const textsTo = (chat: number) =>
    fake
      .sent('sendMessage', BOT_TOKEN)
      .filter((call) => String(call.body.chat_id) === String(chat))
      .map((call) => call.body.text);
  const refusedTo = (chat: number) =>
    fake.calls.filter((call) => String(call.body?.chat_id) === String(chat) && call.status === 500).length;

  async function channelOf(title: string, chats: number[]): Promise<number> {
    const saved = await server.call('POST', '/api/subscription/save/0', {
      token: bot.token,
      body: { sc_title: title },
    });
    const channelId = saved.json.id as number;
    const now = new Date().toISOString();
    for (const chat of chats) {
      const sender = { userId: bot.userId, platform: 'telegram', senderId: String(chat) };
      await subscribeSender(server.database.db, sender, [channelId], {}, now);
    }
    return channelId;
  }

  async function send(channelId: number, title: string, count: number) {
    const sent = await server.call('POST', '/api/subscription/send_to_subscribers', {
      token: bot.token,
      body: {
        channel_id: channelId,
        data: { type: 'text', title, redirect_type: 'web_wedgit' },
        values: [],
        platform: null,
        sub_count: count,
      },
    });
    expect(sent.status, sent.text).toBe(200);
  }

  const finished = (channelId: number) =>
    until(async () => {
      const answer = await server.call('GET', `/api/subscription/browse/${channelId}`, { token: bot.token });
      const first = answer.json.notifications_pending[0];
      return first?.status === 'done' ? { first, failures: answer.json.failures } : undefined;
    }, 'the send finishing');

  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(BOT_TOKEN, { username: 'outage_bot' });
    server = await startConversationServer(
      kind,
      {},
      // no pacing to wait for between a chat's tries
      { telegramApiUrl: fake.url, broadcastRates: { telegram: 1000, telegram_chat: 1000 } },
      [createSubscriptionsModule({ pollMs: 50, retryWaitMs: () => 60 })],
    );
    bot = await createBot(server);
    await saveChatbot(bot, { apps: telegramApps(BOT_TOKEN) } as never);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('delivers each recipient once after the outage ends, none recorded failed', async () => {
    const chats = [9101, 9102, 9103, 9104];
    const channelId = await channelOf('Bakery news', chats);
    fake.startOutage('sendMessage', 500);
    await send(channelId, 'Fresh bread at seven', chats.length);
    // every chat refused twice at least while Telegram is down: waiting, not failed
    await until(
      async () => (chats.every((chat) => refusedTo(chat) >= 2) ? true : undefined),
      'tries in the outage',
    );
    fake.endOutage('sendMessage');
    const { first, failures } = await finished(channelId);
    expect(first).toMatchObject({ total: 4, sent: 4, failed: 0, pending: 0 });
    expect(failures).toEqual([]);
    for (const chat of chats) expect(textsTo(chat)).toEqual(['Fresh bread at seven']);
  });

  it(`records a recipient failed, with Telegram's answer, after ${BROADCAST_TRIES} tries`, async () => {
    const channelId = await channelOf('Cake news', [9201]);
    fake.startOutage('sendMessage', 500, { description: 'Internal Server Error' });
    try {
      await send(channelId, 'New cakes', 1);
      const { first, failures } = await finished(channelId);
      expect(first).toMatchObject({ total: 1, sent: 0, failed: 1 });
      expect(failures[0]).toMatchObject({
        sender_id: '9201',
        error: expect.stringContaining('500 Internal Server Error'),
      });
      expect(refusedTo(9201)).toBe(BROADCAST_TRIES);
    } finally {
      fake.endOutage('sendMessage');
    }
    expect(textsTo(9201)).toEqual([]);
  });
});
