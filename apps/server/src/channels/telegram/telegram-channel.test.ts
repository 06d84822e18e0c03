import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderOnce } from '../../modules/commerce/order-repository.ts';
import { createDataset } from '../../modules/datasets/dataset-repository.ts';
import type { RuntimeTables } from '../../modules/runtime/runtime-tables.ts';
import {
  addNearestBranchCommand,
  NEAREST_FROM_TAHRIR,
  TAHRIR,
} from '../../testing/channels/nearby-branches.ts';
import { type FakeTelegram, startFakeTelegram } from '../../testing/channels/telegram/fake-telegram-api.ts';
import {
  callbackUpdate,
  groupTextUpdate,
  locationUpdate,
  mediaUpdate,
  telegramApps,
  textUpdate,
} from '../../testing/channels/telegram/telegram-updates.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  saveAdvertises,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import type { ChannelTables } from '../channel-tables.ts';

const BOT_TOKEN = '123456:AAE-fake-bot-token';

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
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(await testDatabaseKinds())('Telegram through a fake Bot API on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeTelegram;
  let bot: TestBot;

  const sentTo = (chatId: number) =>
    fake.sent('sendMessage', BOT_TOKEN).filter((call) => String(call.body.chat_id) === String(chatId));
  const textsTo = (chatId: number) => sentTo(chatId).map((call) => call.body.text);
  const updatesOf = () =>
    server.database.db
      .withTables<ChannelTables>()
      .selectFrom('channel_updates')
      .selectAll()
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(BOT_TOKEN, { username: 'pizza_bot' });
    server = await startConversationServer(kind, {}, { telegramApiUrl: fake.url });
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'order pizza',
      examples: ['I want a pizza', 'order a pizza', 'can I get a pizza', 'pizza please'],
      variables: [
        {
          var_name: 'size',
          var_type: 'list',
          var_val_list: ['small', 'large'],
          var_prompt: 'Which size?',
          var_fallback_type: 'options',
          var_fallback_msg: 'Please pick a size:',
          var_fallback_options: [
            { label: 'Small', val: 'small' },
            { label: 'Large', val: 'large' },
          ],
        },
        { var_name: 'city', var_type: 'list', var_val_list: ['Cairo', 'Berlin'], var_prompt: 'Which city?' },
      ],
      response: { resp_text: 'A {{size}} pizza to {{city}} is on its way.' },
    });
    await addCommand(bot, {
      name: 'opening hours',
      lang: 'ar',
      examples: ['متى تفتحون', 'ما هي مواعيد العمل', 'هل انتم مفتوحون الان', 'مواعيد الفتح'],
      response: { resp_text: 'نفتح من التاسعة صباحا' },
    });
    await saveChatbot(bot, { apps: telegramApps(BOT_TOKEN) } as never);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('sets the webhook with a secret when the channel is switched on, and shows it Active', async () => {
    const webhook = fake.webhookOf(BOT_TOKEN);
    expect(webhook?.url).toBe(`${server.url}/hooks/telegram/${encodeURIComponent(bot.botToken)}`);
    expect(webhook?.secretToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(status.json.data.telegram).toMatchObject({ status: 'active', reason: '', account: '@pizza_bot' });
  });

  // Telegram's own servers refuse webhooks that are not https; this server's address is http
  it('says the channel needs an https address instead of setting a webhook Telegram would never call', async () => {
    const plain = await startConversationServer(kind, {}, { telegramApiUrl: 'https://api.telegram.org' });
    try {
      const owner = await createBot(plain);
      await saveChatbot(owner, { apps: telegramApps(BOT_TOKEN) } as never);
      const status = await plain.call('GET', '/api/chatbot/channels_status', { token: owner.token });
      expect(status.json.data.telegram).toMatchObject({
        status: 'pending',
        reason:
          'Telegram only delivers to https addresses: set PUBLIC_URL to the https address of this server',
      });
    } finally {
      await plain.close();
    }
  });

  it('answers a two-variable command, an option tapped on the keyboard, and Arabic', async () => {
    const chat = 7001;
    expect((await fake.deliver(BOT_TOKEN, textUpdate(100, chat, 'I want a pizza'))).status).toBe(200);
    await until(() => (textsTo(chat).includes('Which size?') ? true : undefined), 'the first prompt');
    await fake.deliver(BOT_TOKEN, textUpdate(101, chat, 'a huge one'));
    const options = await until(
      () => sentTo(chat).find((call) => call.body.text === 'Please pick a size:'),
      'the size options',
    );
    expect(options.body.reply_markup).toMatchObject({
      keyboard: [[{ text: 'Small' }, { text: 'Large' }]],
      one_time_keyboard: true,
    });
    // the tapped option arrives as its label typed
    await fake.deliver(BOT_TOKEN, textUpdate(102, chat, 'Large'));
    await until(() => (textsTo(chat).includes('Which city?') ? true : undefined), 'the second prompt');
    await fake.deliver(BOT_TOKEN, textUpdate(103, chat, 'Cairo'));
    await until(
      () => (textsTo(chat).includes('A large pizza to Cairo is on its way.') ? true : undefined),
      'the answer',
    );
    await fake.deliver(BOT_TOKEN, textUpdate(104, chat, 'متى تفتحون', { language_code: 'ar' }));
    await until(
      () => (textsTo(chat).includes('نفتح من التاسعة صباحا') ? true : undefined),
      'the Arabic answer',
    );
  });

  it('reads a photo by its caption, and says in the sender’s language that it reads only text', async () => {
    const chat = 7101;
    const arabic = { language_code: 'ar' };
    await fake.deliver(BOT_TOKEN, mediaUpdate(110, chat, 'photo', { caption: 'متى تفتحون', from: arabic }));
    await until(() => (textsTo(chat).includes('نفتح من التاسعة صباحا') ? true : undefined), 'the answer');
    // a sticker from the same sender, whose app is set to English: the language they write in
    await fake.deliver(BOT_TOKEN, mediaUpdate(111, chat, 'sticker', { from: { language_code: 'en' } }));
    await until(
      () => (textsTo(chat).includes('أستطيع قراءة الرسائل النصية فقط حالياً.') ? true : undefined),
      'the Arabic answer to a sticker',
    );
    // a new sender's voice note: the language of their app
    await fake.deliver(BOT_TOKEN, mediaUpdate(112, 7102, 'voice', { from: { language_code: 'de' } }));
    await until(
      () => (textsTo(7102).includes('Ich kann im Moment nur Textnachrichten lesen.') ? true : undefined),
      'the German answer to a voice note',
    );
    const key = encodeURIComponent(`telegram:${chat}`);
    const turns = (await server.call('GET', `/api/conversations/${key}/turns`, { token: bot.token })).json
      .data as { event: unknown; trace: { step: string; note: string }[] }[];
    expect(turns.map((turn) => turn.event)).toEqual([
      { type: 'text', text: 'متى تفتحون' },
      { type: 'media', kind: 'sticker' },
    ]);
    expect(turns[1]?.trace.find((step) => step.step === 'media')?.note).toBe(
      'a sticker without text: said only text is read',
    );
    // a question being asked stays open: the photo is no answer, and the next message answers it
    await fake.deliver(BOT_TOKEN, textUpdate(113, 7103, 'I want a pizza'));
    await until(() => (textsTo(7103).includes('Which size?') ? true : undefined), 'the question');
    await fake.deliver(BOT_TOKEN, mediaUpdate(114, 7103, 'photo'));
    await until(() => (textsTo(7103).length === 2 ? true : undefined), 'the answer to the photo');
    await fake.deliver(BOT_TOKEN, textUpdate(115, 7103, 'Large'));
    await until(() => (textsTo(7103).length === 3 ? true : undefined), 'the next question');
    expect(textsTo(7103)).toEqual(['Which size?', 'I can only read text messages for now.', 'Which city?']);
  });

  it('answers in a group only what is addressed to it, each member in a conversation of their own, quoting them', async () => {
    const group = { id: -1001234567890 };
    const amal = { id: 9001, first_name: 'Amal' };
    const bilal = { id: 9002, first_name: 'Bilal' };
    const bot = { id: 7_000_000_001, is_bot: true, username: 'pizza_bot' };
    const toGroup = () =>
      sentTo(group.id).map((call) => ({
        text: call.body.text,
        quotes: (call.body.reply_parameters as { message_id: number } | undefined)?.message_id,
      }));
    // chatter among members, and a command for another bot: not the bot's
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1200, group, amal, 'lol did you see the game yesterday'));
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1201, group, bilal, '/start@other_bot'));
    // a mention starts Amal's order; Bilal's own mention starts his
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1202, group, amal, '@pizza_bot I want a pizza'));
    await until(() => (toGroup().length === 1 ? true : undefined), 'the answer to Amal');
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1203, group, bilal, 'pizza please @Pizza_Bot'));
    await until(() => (toGroup().length === 2 ? true : undefined), 'the answer to Bilal');
    // Amal answers by replying to the bot's question: her order goes on, Bilal's is untouched
    const question = { messageId: 5000, from: bot };
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1204, group, amal, 'Large', question));
    await until(() => (toGroup().length === 3 ? true : undefined), 'Amal’s next question');
    // Bilal's answer does not fit: the options come as a keyboard, and his tap (a plain message) answers
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1205, group, bilal, 'a huge one', question));
    await until(() => (toGroup().length === 4 ? true : undefined), 'Bilal’s options');
    await fake.deliver(BOT_TOKEN, groupTextUpdate(1206, group, bilal, 'Small'));
    await until(() => (toGroup().length === 5 ? true : undefined), 'Bilal’s next question');
    expect(toGroup()).toEqual([
      { text: 'Which size?', quotes: 1202 },
      { text: 'Which size?', quotes: 1203 },
      { text: 'Which city?', quotes: 1204 },
      { text: 'Please pick a size:', quotes: 1205 },
      { text: 'Which city?', quotes: 1206 },
    ]);
    const senders = (await updatesOf())
      .filter((row) => row.sender_id.startsWith(String(group.id)))
      .map((row) => [row.external_id, row.sender_id, row.turn_id === null ? 'not answered' : 'answered']);
    expect(senders).toEqual([
      ['1200', `${group.id}:9001`, 'not answered'],
      ['1201', `${group.id}:9002`, 'not answered'],
      ['1202', `${group.id}:9001`, 'answered'],
      ['1203', `${group.id}:9002`, 'answered'],
      ['1204', `${group.id}:9001`, 'answered'],
      ['1205', `${group.id}:9002`, 'answered'],
      ['1206', `${group.id}:9002`, 'answered'],
    ]);
  });

  it('answers a redelivered update once and refuses a forged secret without storing anything', async () => {
    const chat = 7002;
    const update = textUpdate(200, chat, 'pizza please');
    expect((await fake.deliver(BOT_TOKEN, update)).status).toBe(200);
    expect((await fake.deliver(BOT_TOKEN, update)).status).toBe(200);
    await until(() => (textsTo(chat).length > 0 ? true : undefined), 'the reply');
    const before = (await updatesOf()).length;
    const forged = await fake.deliver(BOT_TOKEN, textUpdate(201, chat, 'pizza please'), 'not-the-secret');
    expect(forged.status).toBe(401);
    const missing = await server.call('POST', `/hooks/telegram/${bot.botToken}`, {
      body: textUpdate(202, chat, 'hi'),
    });
    expect(missing.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsTo(chat)).toEqual(['Which size?']);
    expect((await updatesOf()).length).toBe(before);
    const stored = (await updatesOf()).filter((row) => row.sender_id === String(chat));
    expect(stored.map((row) => [row.external_id, row.status])).toEqual([['200', 'done']]);
  });

  it('reads a location and a button press, and retries a 429 from Telegram after retry_after', async () => {
    const chat = 7003;
    fake.failNext('sendMessage', 429, { retryAfter: 1 });
    await fake.deliver(BOT_TOKEN, textUpdate(300, chat, 'order a pizza'));
    await until(
      () => (textsTo(chat).includes('Which size?') ? true : undefined),
      'the prompt after a 429',
      15_000,
    );
    // a postback the bot never offered is read as its text
    await fake.deliver(BOT_TOKEN, callbackUpdate(301, chat, 'small'));
    await until(
      () => (textsTo(chat).includes('Which city?') ? true : undefined),
      'the prompt after the button',
    );
    await fake.deliver(BOT_TOKEN, locationUpdate(302, chat, 30.04, 31.23));
    const rows = await until(async () => {
      const all = (await updatesOf()).filter((row) => row.sender_id === String(chat));
      return all.every((row) => row.status === 'done') && all.length === 3 ? all : undefined;
    }, 'every update done');
    expect(rows.map((row) => row.external_id)).toEqual(['300', '301', '302']);
  });

  it('tells a Telegram customer that the owner confirmed their order, once', async () => {
    const chat = 7004;
    const menu = await createDataset(server.database.db, {
      userId: bot.userId,
      name: 'Pizzas',
      type: 'menu',
    });
    const orderId = await insertOrderOnce(
      server.database.db,
      {
        sender: { userId: bot.userId, platform: 'telegram', senderId: String(chat) },
        dsId: menu.ds_id,
        orderNumber: 'TG-0001',
        idempotencyKey: `telegram-order-${kind.label}`,
        fullname: 'Mona',
        phone: '0100',
        address: 'Cairo',
        notes: '',
        lines: [{ recordId: 0, title: 'Margherita', quantity: 1, priceCents: 1000 }],
        subtotalCents: 1000,
        taxCents: 0,
        shippingCents: 0,
        totalCents: 1000,
        currency: 'EGP',
        paymentMethod: 'cash',
        lang: 'en',
      },
      new Date().toISOString(),
    );
    const confirmed = await server.call('POST', `/api/shopping_cart/orders/${orderId}/confirm`, {
      token: bot.token,
    });
    expect(confirmed.json.status).toBe(1);
    const [message] = await until(
      () => (sentTo(chat).length > 0 ? sentTo(chat) : undefined),
      'the confirmation',
    );
    expect(String(message?.body.text)).toContain('TG-0001');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sentTo(chat).length).toBe(1);
  });

  it("sends an advert as text and says so in the turn's trace", async () => {
    const chat = 7005;
    const hours = await addCommand(bot, {
      name: 'delivery times',
      examples: ['when do you deliver', 'delivery hours', 'do you deliver at night', 'delivery times please'],
      response: { resp_text: 'We deliver until midnight.' },
    });
    await saveAdvertises(bot, hours.id, [
      { code: '<b>Two for one</b> on <a href="https://x.example/p">Tuesdays</a>', status: 1 },
    ]);
    await fake.deliver(BOT_TOKEN, textUpdate(500, chat, 'when do you deliver'));
    await until(
      () => (textsTo(chat).some((text) => String(text).includes('Two for one')) ? true : undefined),
      'the advert as text',
    );
    const turns = await until(async () => {
      const rows = await server.database.db
        .withTables<RuntimeTables>()
        .selectFrom('conversation_turns')
        .select(['trace'])
        .where('sender_id', '=', String(chat))
        .execute();
      const traces = rows.map((row) => JSON.parse(String(row.trace)) as { step: string; note: string }[]);
      return traces.some((trace) => trace.some((entry) => entry.step === 'telegram')) ? traces : undefined;
    }, 'the degradation in the trace');
    const note = turns.flat().find((entry) => entry.step === 'telegram')?.note ?? '';
    expect(note).toMatch(/^degraded: .*advert/);
  });

  it('answers a shared location with the nearest branches of a NEARBY dataset response', async () => {
    const chat = 7006;
    await addNearestBranchCommand(server, bot);
    await fake.deliver(BOT_TOKEN, textUpdate(600, chat, 'nearest branch'));
    await until(
      () => (textsTo(chat).includes('Share your location, please.') ? true : undefined),
      'the prompt',
    );
    // Tahrir Square
    await fake.deliver(BOT_TOKEN, locationUpdate(601, chat, TAHRIR.lat, TAHRIR.lng));
    const answer = await until(
      () => textsTo(chat).find((text) => String(text).includes('Dokki')),
      'the nearest branches',
    );
    expect(answer).toBe(NEAREST_FROM_TAHRIR);
  });

  it('shows why Telegram refused a wrong token', async () => {
    await saveChatbot(bot, { apps: telegramApps('999:wrong-token') } as never);
    const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(status.json.data.telegram).toMatchObject({
      status: 'pending',
      reason: 'Telegram refused the bot token: check it in @BotFather',
    });
    await saveChatbot(bot, { apps: telegramApps(BOT_TOKEN) } as never);
  });
});
