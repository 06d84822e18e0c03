import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeTables } from '../../modules/runtime/runtime-tables.ts';
import {
  addNearestBranchCommand,
  NEAREST_FROM_TAHRIR,
  TAHRIR,
} from '../../testing/channels/nearby-branches.ts';
import {
  deliverWebhook,
  type FakeWhatsapp,
  interactiveWebhook,
  locationWebhook,
  mediaWebhook,
  startFakeWhatsapp,
  statusWebhook,
  textWebhook,
  wamid,
} from '../../testing/channels/whatsapp/fake-whatsapp-api.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import type { ChannelTables } from '../channel-tables.ts';
import { createChannelsModule } from '../channels-module.ts';

const ACCESS_TOKEN = 'EAAG-fake-whatsapp-access-token';
const VERIFY_TOKEN = 'my-verify-token';
const APP_SECRET = 'test-app-secret';
const NUMBER = { phoneNumberId: '106540352242922', displayPhoneNumber: '15550783881' };
/** how long this server's delivery worker waits for WhatsApp's answer (30 s in production) */
const ANSWER_WAIT_MS = 1500;

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

const whatsappApps = (apiUrl: string, token: string) => ({
  facebook: [],
  telegram: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', token: '' } },
  whatsapp: {
    chatbot_app_status: 1,
    chatbot_app_credentials: { verify_token: VERIFY_TOKEN, chatapi_url: apiUrl, token },
  },
  hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
});

describe.each(await testDatabaseKinds())('WhatsApp through a fake Cloud API on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeWhatsapp;
  let bot: TestBot;
  let hook: string;

  const sentTo = (waId: string) => fake.sent(waId);
  const textsTo = (waId: string) =>
    sentTo(waId).map((call) => {
      const body = call.body as { text?: { body?: string }; interactive?: { body?: { text?: string } } };
      return body.text?.body ?? body.interactive?.body?.text;
    });
  const updatesOf = () =>
    server.database.db
      .withTables<ChannelTables>()
      .selectFrom('channel_updates')
      .selectAll()
      .orderBy('id')
      .execute();
  const deliver = (body: unknown, signature?: string | null) =>
    deliverWebhook(hook, body, APP_SECRET, signature === undefined ? {} : { signature });
  const sender = (waId: string, name = 'Layla') => ({ waId, name });

  beforeAll(async () => {
    fake = await startFakeWhatsapp();
    fake.addNumber(ACCESS_TOKEN, NUMBER);
    server = await startConversationServer(
      kind,
      {},
      { whatsappApiUrl: fake.url, fbAppSecret: APP_SECRET, outboundAllow: ['127.0.0.1'] },
      [
        createChannelsModule({
          delivery: { timeoutMs: ANSWER_WAIT_MS, receiptWaitMs: 500, random: () => 0 },
        }),
      ],
    );
    bot = await createBot(server);
    hook = `${server.url}/hooks/whatsapp/${encodeURIComponent(bot.botToken)}`;
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
    await addCommand(bot, {
      name: 'branches',
      examples: ['which branch is near me', 'your branches', 'where are your shops', 'list the branches'],
      response: {
        resp_type: 'quick_rep',
        resp_text: 'Pick a branch:',
        resp_quick_reply: ['مدينة نصر', 'الزمالك', 'المعادي', 'الدقي'].map((label) => ({ label })),
      },
    });
    await saveChatbot(bot, { apps: whatsappApps(fake.url, ACCESS_TOKEN) } as never);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("answers Meta's verify handshake with the challenge only for the chatbot's verify token", async () => {
    const query = (token: string) =>
      new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.verify_token': token,
        'hub.challenge': '1158201444',
      });
    const right = await fetch(`${hook}?${query(VERIFY_TOKEN)}`);
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await right.text()).toBe('1158201444');
    expect((await fetch(`${hook}?${query('not-the-token')}`)).status).toBe(403);
    const unknownBot = `${server.url}/hooks/whatsapp/no-such-bot?${query(VERIFY_TOKEN)}`;
    expect((await fetch(unknownBot)).status).toBe(403);
    const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(status.json.data.whatsapp).toMatchObject({ status: 'active', reason: '' });
  });

  it('answers a two-variable command with reply buttons, a tapped button by its payload, and Arabic', async () => {
    const waId = '201001234501';
    expect((await deliver(textWebhook(NUMBER, sender(waId), wamid('a1'), 'I want a pizza'))).status).toBe(
      200,
    );
    await until(() => (textsTo(waId).includes('Which size?') ? true : undefined), 'the first prompt');
    await deliver(textWebhook(NUMBER, sender(waId), wamid('a2'), 'a huge one'));
    const options = await until(
      () => sentTo(waId).find((call) => textsTo(waId)[sentTo(waId).indexOf(call)] === 'Please pick a size:'),
      'the size buttons',
    );
    expect(options.token).toBe(ACCESS_TOKEN);
    expect(options.phoneNumberId).toBe(NUMBER.phoneNumberId);
    expect(options.body).toMatchObject({ messaging_product: 'whatsapp', to: waId, type: 'interactive' });
    const interactive = options.body.interactive as {
      type: string;
      action: { buttons: { reply: { id: string; title: string } }[] };
    };
    expect(interactive.type).toBe('button');
    expect(interactive.action.buttons.map((button) => button.reply.title)).toEqual(['Small', 'Large']);
    const large = interactive.action.buttons[1]?.reply;
    expect(large?.id).toMatch(/^p:[A-Za-z0-9_-]{22}$/);
    await deliver(
      interactiveWebhook(NUMBER, sender(waId), wamid('a3'), {
        kind: 'button_reply',
        id: large?.id ?? '',
        title: 'Large',
      }),
    );
    await until(() => (textsTo(waId).includes('Which city?') ? true : undefined), 'the second prompt');
    await deliver(textWebhook(NUMBER, sender(waId), wamid('a4'), 'Cairo'));
    await until(
      () => (textsTo(waId).includes('A large pizza to Cairo is on its way.') ? true : undefined),
      'the answer',
    );
    await deliver(textWebhook(NUMBER, sender(waId), wamid('a5'), 'متى تفتحون'));
    await until(
      () => (textsTo(waId).includes('نفتح من التاسعة صباحا') ? true : undefined),
      'the Arabic answer',
    );
  });

  it('says its own words in the sender’s language, whatever the language of the options', async () => {
    const waId = '201001234560';
    await deliver(textWebhook(NUMBER, sender(waId), wamid('l1'), 'which branch is near me'));
    const list = await until(() => sentTo(waId).find((call) => call.body.type === 'interactive'), 'the list');
    const interactive = list.body.interactive as {
      type: string;
      body: { text: string };
      action: { button: string; sections: { rows: { title: string }[] }[] };
    };
    expect(interactive.type).toBe('list');
    expect(interactive.body.text).toBe('Pick a branch:');
    expect(interactive.action.sections.flatMap((section) => section.rows.map((row) => row.title))).toEqual([
      'مدينة نصر',
      'الزمالك',
      'المعادي',
      'الدقي',
    ]);
    // an English sender: the list's button is "Options", not "الخيارات" read off the labels
    expect(interactive.action.button).toBe('Options');
  });

  it('answers a redelivered message once, drops statuses, and refuses forged or missing signatures', async () => {
    const waId = '201001234502';
    const message = textWebhook(NUMBER, sender(waId), wamid('b1'), 'pizza please');
    expect((await deliver(message)).status).toBe(200);
    expect((await deliver(message)).status).toBe(200);
    expect((await deliver(statusWebhook(NUMBER, waId, wamid('b1-reply')))).status).toBe(200);
    await until(() => (textsTo(waId).length > 0 ? true : undefined), 'the reply');
    const before = (await updatesOf()).length;
    const forged = await deliver(
      textWebhook(NUMBER, sender(waId), wamid('b2'), 'pizza please'),
      'sha256=00ff',
    );
    expect(forged.status).toBe(401);
    const missing = await deliver(textWebhook(NUMBER, sender(waId), wamid('b3'), 'hi'), null);
    expect(missing.status).toBe(401);
    const body = textWebhook(NUMBER, sender(waId), wamid('b4'), 'hi');
    const otherSecret = await deliverWebhook(hook, body, 'another-app-secret');
    expect(otherSecret.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsTo(waId)).toEqual(['Which size?']);
    expect((await updatesOf()).length).toBe(before);
    const stored = (await updatesOf()).filter((row) => row.sender_id === waId);
    expect(stored.map((row) => [row.external_id, row.status])).toEqual([[wamid('b1'), 'done']]);
  });

  it('answers a location, and retries a 429 from the Cloud API after its Retry-After', async () => {
    const waId = '201001234503';
    fake.failNext(429, { retryAfter: 1 });
    await deliver(textWebhook(NUMBER, sender(waId), wamid('c1'), 'order a pizza'));
    await until(
      () => (textsTo(waId).includes('Which size?') ? true : undefined),
      'the prompt after a 429',
      15_000,
    );
    expect(fake.calls.some((call) => call.status === 429 && call.body.to === waId)).toBe(true);
    await deliver(locationWebhook(NUMBER, sender(waId), wamid('c2'), 30.04, 31.23));
    const rows = await until(async () => {
      const all = (await updatesOf()).filter((row) => row.sender_id === waId);
      return all.length === 2 && all.every((row) => row.status === 'done') ? all : undefined;
    }, 'every update done');
    expect(rows.map((row) => row.external_id)).toEqual([wamid('c1'), wamid('c2')]);
    // the location was answered: a reply went out after it
    await until(() => (sentTo(waId).length > 1 ? true : undefined), 'the reply to the location');
  });

  const deliveryTo = async (waId: string) => {
    const [row] = await server.database.db
      .withTables<ChannelTables>()
      .selectFrom('deliveries')
      .selectAll()
      .where('sender_id', '=', waId)
      .execute();
    return row?.status === 'delivered' ? row : undefined;
  };

  it('does not send again a message WhatsApp took without answering, once its status webhook says so', async () => {
    const waId = '201001234521';
    fake.answerSlowly(ANSWER_WAIT_MS + 500);
    await deliver(textWebhook(NUMBER, sender(waId), wamid('u1'), 'متى تفتحون'));
    const taken = await until(() => sentTo(waId)[0], 'the send');
    const callbackData = String(taken.body.biz_opaque_callback_data);
    expect(callbackData).toMatch(/^hiwar:\d+-[0-9a-z]+:0$/);
    const id = (taken.answer as { messages: { id: string }[] }).messages[0]?.id ?? '';
    expect((await deliver(statusWebhook(NUMBER, waId, id, { status: 'sent', callbackData }))).status).toBe(
      200,
    );
    const row = await until(() => deliveryTo(waId), 'the delivery settled');
    // the second try took the status webhook's word for the call and sent nothing
    expect(row).toMatchObject({ attempts: 2, part_received: 0, parts_sent: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.calls.filter((call) => call.body.to === waId).length).toBe(1);
    expect(textsTo(waId)).toEqual(['نفتح من التاسعة صباحا']);
  });

  it('sends again a message WhatsApp did not answer and never reported sent', async () => {
    const waId = '201001234522';
    fake.answerSlowly(ANSWER_WAIT_MS + 500, { taken: false });
    await deliver(textWebhook(NUMBER, sender(waId), wamid('v1'), 'متى تفتحون'));
    const row = await until(() => deliveryTo(waId), 'the delivery settled');
    expect(row).toMatchObject({ attempts: 2, part_received: null });
    expect(textsTo(waId)).toEqual(['نفتح من التاسعة صباحا']);
  });

  it('reads a photo by its caption and answers media without text that it reads only text', async () => {
    const waId = '201001234531';
    await deliver(mediaWebhook(NUMBER, sender(waId), wamid('media1'), 'image', 'متى تفتحون'));
    await until(() => (textsTo(waId).includes('نفتح من التاسعة صباحا') ? true : undefined), 'the answer');
    await deliver(mediaWebhook(NUMBER, sender(waId), wamid('media2'), 'voice'));
    await until(
      () => (textsTo(waId).includes('أستطيع قراءة الرسائل النصية فقط حالياً.') ? true : undefined),
      'the Arabic answer to a voice note',
    );
    const other = '201001234532';
    await deliver(mediaWebhook(NUMBER, sender(other), wamid('media3'), 'sticker'));
    await until(
      () => (textsTo(other).includes('I can only read text messages for now.') ? true : undefined),
      'the answer to a sticker',
    );
  });

  it('answers a user known only by a business-scoped id to that id, and logs a message from no one', async () => {
    const userId = 'US.13491208655302741918';
    await deliver(textWebhook(NUMBER, { userId, name: 'Nour' }, wamid('bsuid1'), 'متى تفتحون'));
    const reply = await until(() => sentTo(userId)[0], 'the reply to the BSUID');
    expect(reply.body).toMatchObject({ recipient: userId, text: { body: 'نفتح من التاسعة صباحا' } });
    expect(reply.body.to).toBeUndefined();
    const before = (await updatesOf()).length;
    const nobody = await deliver(textWebhook(NUMBER, { name: 'Ghost' }, wamid('bsuid2'), 'hello'));
    expect(nobody.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await updatesOf()).length).toBe(before);
  });

  it('answers a shared location with the nearest branches of a NEARBY dataset response', async () => {
    const waId = '201001234504';
    await addNearestBranchCommand(server, bot);
    await deliver(textWebhook(NUMBER, sender(waId), wamid('n1'), 'nearest branch'));
    await until(
      () => (textsTo(waId).includes('Share your location, please.') ? true : undefined),
      'the prompt',
    );
    await deliver(locationWebhook(NUMBER, sender(waId), wamid('n2'), TAHRIR.lat, TAHRIR.lng));
    const answer = await until(
      () => textsTo(waId).find((text) => String(text).includes('Dokki')),
      'the nearest branches',
    );
    expect(answer).toBe(NEAREST_FROM_TAHRIR);
  });

  it('shows why WhatsApp refused a wrong access token', async () => {
    await saveChatbot(bot, { apps: whatsappApps(fake.url, 'EAAG-wrong-token') } as never);
    const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(status.json.data.whatsapp).toMatchObject({
      status: 'pending',
      reason: 'WhatsApp refused the access token: create a new one in the Meta dashboard',
    });
    await saveChatbot(bot, { apps: whatsappApps(fake.url, ACCESS_TOKEN) } as never);
    const again = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(again.json.data.whatsapp).toMatchObject({ status: 'active', account: '15550783881' });
  });
});

describe('WhatsApp without FB_APP_SECRET', () => {
  it('refuses every webhook with 403, stores nothing, and says why on the status', async () => {
    const [kind] = await testDatabaseKinds();
    if (!kind) throw new Error('no test database');
    const fake = await startFakeWhatsapp();
    const server = await startConversationServer(
      kind,
      {},
      { whatsappApiUrl: fake.url, fbAppSecret: '', outboundAllow: ['127.0.0.1'] },
    );
    try {
      const bot = await createBot(server);
      await saveChatbot(bot, { apps: whatsappApps(fake.url, ACCESS_TOKEN) } as never);
      const hook = `${server.url}/hooks/whatsapp/${encodeURIComponent(bot.botToken)}`;
      const body = textWebhook(NUMBER, { waId: '201001234599' }, wamid('z1'), 'hi');
      // signed with some secret, or unsigned: neither is accepted when the server cannot check
      expect((await deliverWebhook(hook, body, 'any-secret')).status).toBe(403);
      expect((await deliverWebhook(hook, body, '', { signature: null })).status).toBe(403);
      const rows = await server.database.db
        .withTables<ChannelTables>()
        .selectFrom('channel_updates')
        .selectAll()
        .execute();
      expect(rows).toEqual([]);
      const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
      expect(status.json.data.whatsapp).toMatchObject({
        status: 'pending',
        reason: "The server has no FB_APP_SECRET: WhatsApp's webhooks cannot be verified",
      });
    } finally {
      await server.close();
      await fake.close();
    }
  });
});

describe('WhatsApp whose chatapi_url the outbound guard refuses', () => {
  it('sends nothing to a local address that is not allowed, and keeps the reason on the delivery', async () => {
    const [kind] = await testDatabaseKinds();
    if (!kind) throw new Error('no test database');
    const fake = await startFakeWhatsapp();
    fake.addNumber(ACCESS_TOKEN, { phoneNumberId: NUMBER.phoneNumberId });
    // OUTBOUND_ALLOW left empty: the owner's chatapi_url on 127.0.0.1 is a local address
    const server = await startConversationServer(
      kind,
      {},
      { whatsappApiUrl: fake.url, fbAppSecret: APP_SECRET },
    );
    try {
      const bot = await createBot(server);
      await addCommand(bot, {
        name: 'hours',
        examples: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'],
        response: { resp_text: 'We open at nine.' },
      });
      await saveChatbot(bot, { apps: whatsappApps(fake.url, ACCESS_TOKEN) } as never);
      const hook = `${server.url}/hooks/whatsapp/${encodeURIComponent(bot.botToken)}`;
      const body = textWebhook(NUMBER, { waId: '201001234511' }, wamid('guard1'), 'when are you open');
      expect((await deliverWebhook(hook, body, APP_SECRET)).status).toBe(200);
      const deliveries = () =>
        server.database.db.withTables<ChannelTables>().selectFrom('deliveries').selectAll().execute();
      const deadline = Date.now() + 10_000;
      let rows = await deliveries();
      while (rows[0]?.status !== 'refused' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        rows = await deliveries();
      }
      // refused at once: the guard would refuse every try
      expect(rows[0]).toMatchObject({ status: 'refused', attempts: 1 });
      expect(rows[0]?.last_error).toMatch(/refused|not allowed|local/i);
      // and on the turn, where the owner reads the conversation
      const turns = await server.database.db
        .withTables<RuntimeTables>()
        .selectFrom('conversation_turns')
        .select('trace')
        .where('id', '=', rows[0]?.turn_id ?? 0)
        .execute();
      expect(String(turns[0]?.trace)).toContain('refused by WhatsApp');
      expect(fake.calls).toEqual([]);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
