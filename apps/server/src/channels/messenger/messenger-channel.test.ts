import { commandPayload, menuFixedFields } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDatasetRecord } from '../../modules/datasets/dataset-record-repository.ts';
import { createDataset } from '../../modules/datasets/dataset-repository.ts';
import {
  deliveryEvent,
  echoEvent,
  type FakeMessenger,
  postbackEvent,
  quickReplyEvent,
  startFakeMessenger,
  textEvent,
  webhookBody,
} from '../../testing/channels/messenger/fake-messenger-api.ts';
import { attachmentEvent, locationEvent } from '../../testing/channels/messenger/messenger-events.ts';
import {
  addNearestBranchCommand,
  NEAREST_FROM_TAHRIR,
  TAHRIR,
} from '../../testing/channels/nearby-branches.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import type { ChannelTables } from '../channel-tables.ts';

const PAGE_ID = '1001';

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

type Element = {
  title: string;
  subtitle?: string;
  image_url?: string;
  buttons: { type: string; title: string; payload?: string; url?: string }[];
};
type Sent = {
  message: {
    text?: string;
    quick_replies?: { title: string; payload: string }[];
    attachment?: { payload: { template_type: string; elements: Element[] } & Record<string, unknown> };
  };
};

describe.each(await testDatabaseKinds())('Messenger through a fake Graph API on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeMessenger;
  let bot: TestBot;
  let hoursId: number;

  const hookUrl = () => `${server.url}/hooks/messenger/${encodeURIComponent(bot.botToken)}`;
  const sentTo = (psid: string) => fake.sentTo(psid) as unknown as Sent[];
  const textsTo = (psid: string) => sentTo(psid).map((sent) => sent.message.text);
  const deliver = (...events: Parameters<typeof webhookBody>[1]) =>
    fake.deliver(hookUrl(), webhookBody(PAGE_ID, events));
  const updatesOf = () =>
    server.database.db
      .withTables<ChannelTables>()
      .selectFrom('channel_updates')
      .selectAll()
      .orderBy('id')
      .execute();
  const storedPage = async () => {
    const browsed = await server.call('GET', '/api/chatbot/browse', { token: bot.token });
    return browsed.json.data.apps.facebook.find(
      (page: { chatbot_app_credentials: { page_id: string } }) =>
        page.chatbot_app_credentials.page_id === PAGE_ID,
    );
  };

  beforeAll(async () => {
    fake = await startFakeMessenger({ appId: 'app-id', appSecret: 'app-secret' });
    fake.addPage({ id: PAGE_ID, name: 'Pizza Page' });
    fake.addPage({ id: '1002', name: 'Other Page' });
    fake.signInAs(fake.addUser([PAGE_ID, '1002']));
    server = await startConversationServer(
      kind,
      {},
      {
        facebookGraphUrl: fake.url,
        facebookDialogUrl: fake.url,
        fbAppId: 'app-id',
        fbAppSecret: 'app-secret',
        fbVerifyToken: 'app-verify-token',
      },
    );
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
    hoursId = (
      await addCommand(bot, {
        name: 'hours',
        examples: ['when are you open', 'opening hours', 'what time do you open', 'are you open now'],
        response: { resp_text: 'We open at nine.' },
      })
    ).id;
    await addCommand(bot, {
      name: 'menu',
      examples: ['show me the menu', 'what is on the menu', 'the menu please', 'menu'],
      response: {
        resp_type: 'static_cards',
        resp_static_cards_resp_struct: [
          {
            title_default_value: `Margherita ${'with fresh basil and tomatoes '.repeat(4)}`,
            subtitle_default_value: '9 €',
            media_default_value: 'https://example.com/pizza.png',
            buttons: [
              {
                item_label_default_value: 'Opening hours',
                item_value_default_value: commandPayload(hoursId),
              },
              { item_label_default_value: 'Photos', item_value_default_value: 'https://example.com/p' },
            ],
          },
          {
            title_default_value: 'Diavola',
            subtitle_default_value: '11 €',
            media_default_value: 'https://example.com/d.png',
          },
        ],
      },
    });
    await addCommand(bot, {
      name: 'opening hours ar',
      lang: 'ar',
      examples: ['متى تفتحون', 'ما هي مواعيد العمل', 'هل انتم مفتوحون الان', 'مواعيد الفتح'],
      response: { resp_text: 'نفتح من التاسعة صباحا' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('adds a page through the Facebook Login popup: stored encrypted, subscribed, shown Active', async () => {
    const start = await fetch(`${server.url}/authorize/fb/${bot.userId}?token=${bot.botToken}`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const dialog = new URL(start.headers.get('location') ?? '');
    expect(`${dialog.origin}${dialog.pathname}`).toBe(`${fake.url}/dialog/oauth`);
    expect(dialog.searchParams.get('client_id')).toBe('app-id');
    expect(dialog.searchParams.get('redirect_uri')).toBe(`${server.url}/authorize/fb/callback`);
    expect(dialog.searchParams.get('scope')).toBe('pages_show_list,pages_messaging,pages_manage_metadata');
    const signedIn = await fetch(dialog, { redirect: 'manual' });
    expect(signedIn.status).toBe(302);
    const callback = await fetch(signedIn.headers.get('location') ?? '');
    expect(callback.status).toBe(200);
    const chooser = await callback.text();
    expect(chooser).toContain('Pizza Page');
    expect(chooser).toContain('value="1002"');
    const state = /name="state" value="([^"]+)"/.exec(chooser)?.[1] ?? '';
    const form = new URLSearchParams({ state });
    form.append('page_id', PAGE_ID);
    const added = await fetch(`${server.url}/authorize/fb/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(added.status).toBe(200);
    const result = await added.text();
    expect(result).toContain('Pizza Page: connected');
    expect(result).toContain('window.opener.postMessage');
    expect(added.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);

    const page = fake.page(PAGE_ID);
    expect(page?.subscribedFields).toEqual(['messages', 'messaging_postbacks']);
    expect(await storedPage()).toMatchObject({
      chatbot_app_status: 1,
      chatbot_app_credentials: { name: 'Pizza Page', page_id: PAGE_ID, access_token: page?.token },
    });
    const row = await server.database.db
      .withTables<{ chatbots: { user_id: number; apps: string } }>()
      .selectFrom('chatbots')
      .select('apps')
      .where('user_id', '=', bot.userId)
      .executeTakeFirstOrThrow();
    expect(String(row.apps)).toContain(PAGE_ID);
    expect(String(row.apps)).not.toContain(page?.token ?? 'missing');
    const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(status.json.data.facebook).toMatchObject({ status: 'active', reason: '', account: 'Pizza Page' });
  });

  it('answers the verify handshake with the challenge only for a page verify token', async () => {
    const verifyToken = (await storedPage()).chatbot_app_credentials.verify_token as string;
    expect(verifyToken.length).toBeGreaterThan(20);
    const query = (token: string) =>
      `hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const good = await fetch(`${hookUrl()}?${query(verifyToken)}`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await good.text()).toBe('1158201444');
    expect((await fetch(`${hookUrl()}?${query('wrong')}`)).status).toBe(403);
  });

  it('answers a two-variable command with quick replies, a tapped reply, cards within limits and Arabic', async () => {
    const psid = 'psid-2001';
    expect((await deliver(textEvent(PAGE_ID, psid, 'm_1', 'I want a pizza'))).status).toBe(200);
    await until(() => (textsTo(psid).includes('Which size?') ? true : undefined), 'the first prompt');
    await deliver(textEvent(PAGE_ID, psid, 'm_2', 'a huge one', 1));
    const options = await until(
      () => sentTo(psid).find((sent) => sent.message.text === 'Please pick a size:'),
      'the size options',
    );
    const replies = options.message.quick_replies ?? [];
    expect(replies.map((reply) => reply.title)).toEqual(['Small', 'Large']);
    expect(replies[1]?.payload).toMatch(/^m:/);
    await deliver(quickReplyEvent(PAGE_ID, psid, 'm_3', 'Large', replies[1]?.payload ?? '', 2));
    await until(() => (textsTo(psid).includes('Which city?') ? true : undefined), 'the second prompt');
    await deliver(textEvent(PAGE_ID, psid, 'm_4', 'Cairo', 3));
    await until(
      () => (textsTo(psid).includes('A large pizza to Cairo is on its way.') ? true : undefined),
      'the answer',
    );

    await deliver(textEvent(PAGE_ID, psid, 'm_5', 'show me the menu', 4));
    const cards = await until(() => sentTo(psid).find((sent) => sent.message.attachment), 'the cards');
    const attachment = cards.message.attachment;
    const elements = attachment?.payload.elements ?? [];
    const [first] = elements;
    if (!first) throw new Error('no card element');
    expect(attachment?.payload.template_type).toBe('generic');
    expect(elements).toHaveLength(2);
    expect(first.title.length).toBeLessThanOrEqual(80);
    expect(first.title.endsWith('…')).toBe(true);
    expect(first).toMatchObject({ subtitle: '9 €', image_url: 'https://example.com/pizza.png' });
    expect(first.buttons[1]).toEqual({
      type: 'web_url',
      url: 'https://example.com/p',
      title: 'Photos',
    });
    const order = first.buttons[0];
    expect(order).toMatchObject({ type: 'postback', title: 'Opening hours' });
    expect(order?.payload).toMatch(/^m:/);

    // the button's short key is mapped back to the command's payload
    await deliver(postbackEvent(PAGE_ID, psid, 'Opening hours', order?.payload ?? '', 5));
    await until(() => (textsTo(psid).includes('We open at nine.') ? true : undefined), 'the postback answer');

    await deliver(textEvent(PAGE_ID, psid, 'm_6', 'متى تفتحون', 6));
    await until(
      () => (textsTo(psid).includes('نفتح من التاسعة صباحا') ? true : undefined),
      'the Arabic answer',
    );
    const rows = (await updatesOf()).filter((row) => row.sender_id === psid);
    expect(rows.every((row) => row.status === 'done')).toBe(true);
  });

  it('answers a redelivered mid once, drops echoes and deliveries, refuses a forged signature', async () => {
    const psid = 'psid-2002';
    const body = webhookBody(PAGE_ID, [textEvent(PAGE_ID, psid, 'm_redelivered', 'pizza please')]);
    expect((await fake.deliver(hookUrl(), body)).status).toBe(200);
    expect((await fake.deliver(hookUrl(), body)).status).toBe(200);
    await until(() => (textsTo(psid).length > 0 ? true : undefined), 'the reply');
    await deliver(
      echoEvent(PAGE_ID, psid, 'm_echo', 'Which size?'),
      deliveryEvent(PAGE_ID, psid, ['m_echo']),
    );
    const before = (await updatesOf()).length;
    const forgedBody = webhookBody(PAGE_ID, [textEvent(PAGE_ID, psid, 'm_forged', 'pizza please')]);
    expect((await fake.deliver(hookUrl(), forgedBody, `sha256=${'0'.repeat(64)}`)).status).toBe(401);
    expect((await fake.deliver(hookUrl(), forgedBody, null)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsTo(psid)).toEqual(['Which size?']);
    expect((await updatesOf()).length).toBe(before);
    const stored = (await updatesOf()).filter((row) => row.sender_id === psid);
    expect(stored.map((row) => [row.external_id, row.status])).toEqual([['m_redelivered', 'done']]);
  });

  it('answers a photo or a sticker sent without text that it reads only text', async () => {
    const psid = 'psid-2010';
    await deliver(attachmentEvent(PAGE_ID, psid, 'm_photo', 'image'));
    await until(
      () => (textsTo(psid).includes('I can only read text messages for now.') ? true : undefined),
      'the answer to a photo',
    );
    await deliver(attachmentEvent(PAGE_ID, psid, 'm_sticker', 'sticker', 1));
    await until(() => (textsTo(psid).length === 2 ? true : undefined), 'the answer to a sticker');
    const key = encodeURIComponent(`facebook:${psid}`);
    const turns = (await server.call('GET', `/api/conversations/${key}/turns`, { token: bot.token })).json
      .data as { event: unknown }[];
    expect(turns.map((turn) => turn.event)).toEqual([
      { type: 'media', kind: 'photo' },
      { type: 'media', kind: 'sticker' },
    ]);
  });

  it('sends an order’s receipt as Messenger’s receipt template, and a cart’s as text', async () => {
    const db = server.database.db;
    const menu = await createDataset(db, {
      userId: bot.userId,
      name: 'Lunch menu',
      type: 'menu',
      schema: menuFixedFields.map((field) => ({ ...field })),
      tax: 14,
      shipping: 5,
    });
    const margherita = await insertDatasetRecord(db, {
      dsId: menu.ds_id,
      userId: bot.userId,
      data: {
        title: 'Margherita',
        tags: ['pizza'],
        subtitle: '',
        price: 85.5,
        image: 'https://img.example/m.png',
      },
    });
    const ask = (var_name: string, var_prompt: string) => ({
      var_name,
      var_type: 'text' as const,
      var_val_text: 'x',
      var_prompt,
    });
    const add = await addCommand(bot, {
      name: 'add to cart',
      examples: [],
      variables: [ask('item', 'Which item?'), ask('qty', 'How many?')],
      response: { resp_text: '…' },
    });
    const cart = { resp_type: 'shopping_cart', resp_menu_id: menu.ds_id };
    const saved = await server.call('POST', `/api/command_response/save/${add.id}`, {
      token: bot.token,
      body: {
        record: {
          ...cart,
          resp_cart_action: 'insert',
          resp_cart_title: '{{item}}',
          resp_cart_quantity: add.varIds[1],
        },
      },
    });
    expect(saved.json.status, saved.text).toBe(1);
    const view = await addCommand(bot, {
      name: 'view cart',
      examples: [],
      response: { ...cart, resp_cart_action: 'view_receipt', resp_cart_title: '' },
    });
    const order = await addCommand(bot, {
      name: 'place order',
      examples: [],
      variables: [
        ask('fullname', 'Your name?'),
        ask('phone', 'Your phone?'),
        ask('address', 'Your address?'),
      ],
      response: { ...cart, resp_cart_action: 'complete_order', resp_cart_title: '' },
    });
    const psid = 'psid-2020';
    const said = async (count: number, what: string) =>
      until(() => (sentTo(psid).length >= count ? sentTo(psid) : undefined), what);
    await deliver(postbackEvent(PAGE_ID, psid, 'Add to cart', `cmd:${add.id}?item=${margherita}`, 10));
    await said(1, 'How many?');
    await deliver(textEvent(PAGE_ID, psid, 'm_qty', '2', 11));
    await said(2, 'in the cart');
    await deliver(postbackEvent(PAGE_ID, psid, 'View cart', `cmd:${view.id}`, 12));
    const [cartReceipt] = (await said(3, 'the cart')).slice(2);
    // a cart has no order number yet: its text
    expect(cartReceipt?.message.text).toMatch(/^• Margherita × 2 = 171.00 EGP/);
    await deliver(postbackEvent(PAGE_ID, psid, 'Order', `cmd:${order.id}`, 13));
    await said(4, 'Your name?');
    await deliver(textEvent(PAGE_ID, psid, 'm_name', 'Mona Hassan', 14));
    await said(5, 'Your phone?');
    await deliver(textEvent(PAGE_ID, psid, 'm_phone', '0100 123 4567', 15));
    await said(6, 'Your address?');
    await deliver(textEvent(PAGE_ID, psid, 'm_address', '12 Nile Street, Cairo', 16));
    const placed = await until(
      () => sentTo(psid).find((sent) => sent.message.attachment?.payload.template_type === 'receipt'),
      'the receipt template',
    );
    const orderNumber = /order (\S+) is placed/.exec(textsTo(psid).join('\n'))?.[1];
    expect(placed.message.attachment?.payload).toEqual({
      template_type: 'receipt',
      recipient_name: 'Mona Hassan',
      order_number: orderNumber,
      currency: 'EGP',
      payment_method: 'cash',
      elements: [
        {
          title: 'Margherita',
          quantity: 2,
          price: 171,
          currency: 'EGP',
          image_url: 'https://img.example/m.png',
        },
      ],
      // 171 + 14 % tax 23.94 + 5 % shipping 8.55
      summary: { subtotal: 171, shipping_cost: 8.55, total_tax: 23.94, total_cost: 203.49 },
    });
  });

  it('retries a 429 from the Send API', async () => {
    const psid = 'psid-2003';
    fake.failNext('/me/messages', 429);
    await deliver(textEvent(PAGE_ID, psid, 'm_429', 'when are you open'));
    await until(
      () => (textsTo(psid).includes('We open at nine.') ? true : undefined),
      'the reply after a 429',
      15_000,
    );
  });

  it("routes the app's one webhook (no chatbot token) to the page's owner, and verifies it with FB_VERIFY_TOKEN", async () => {
    const appHook = `${server.url}/hooks/messenger`;
    const handshake = await server.call(
      'GET',
      '/hooks/messenger?hub.mode=subscribe&hub.verify_token=app-verify-token&hub.challenge=4242',
    );
    expect(handshake.text).toBe('4242');
    const wrong = await server.call(
      'GET',
      '/hooks/messenger?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=4242',
    );
    expect(wrong.status).toBe(403);
    const psid = 'psid-2004';
    const body = webhookBody(PAGE_ID, [textEvent(PAGE_ID, psid, 'm_app_1', 'when are you open')]);
    expect((await fake.deliver(appHook, body)).status).toBe(200);
    await until(() => (textsTo(psid).includes('We open at nine.') ? true : undefined), 'the routed reply');
    // a page nobody added: acknowledged, nothing stored
    const stranger = webhookBody('9999', [textEvent('9999', 'psid-x', 'm_app_2', 'hello')]);
    expect((await fake.deliver(appHook, stranger)).status).toBe(200);
    expect((await updatesOf()).some((row) => row.external_id === 'm_app_2')).toBe(false);
    expect((await fake.deliver(appHook, body, `sha256=${'0'.repeat(64)}`)).status).toBe(401);
    expect((await fake.deliver(appHook, body, null)).status).toBe(401);
  });

  it('answers a shared location with the nearest branches of a NEARBY dataset response', async () => {
    const psid = 'psid-2005';
    await addNearestBranchCommand(server, bot);
    await deliver(textEvent(PAGE_ID, psid, 'm_near_1', 'nearest branch'));
    await until(
      () => (textsTo(psid).includes('Share your location, please.') ? true : undefined),
      'the prompt',
    );
    await deliver(locationEvent(PAGE_ID, psid, 'm_near_2', TAHRIR.lat, TAHRIR.lng, 1));
    const answer = await until(
      () => textsTo(psid).find((text) => String(text).includes('Dokki')),
      'the nearest branches',
    );
    expect(answer).toBe(NEAREST_FROM_TAHRIR);
  });

  it('pushes the get-started button and the persistent menu to the page profile on save', async () => {
    const browsed = await server.call('GET', '/api/chatbot/browse', { token: bot.token });
    const { chatbot_id: _id, ...settings } = browsed.json.data;
    const saved = await server.call('POST', '/api/chatbot/save', {
      token: bot.token,
      body: {
        ...settings,
        chatbot_start_button_status: 1,
        chatbot_start_button_label: 'Start',
        chatbot_start_button_postback: commandPayload(hoursId),
        chatbot_persistent_menus: [
          {
            locale: 'default',
            composer_input_disabled: false,
            call_to_actions: [
              { title: 'Opening hours', type: 'postback', payload: commandPayload(hoursId) },
              { title: 'Website', type: 'web_url', url: 'https://example.com' },
              {
                title: 'More',
                type: 'nested',
                call_to_actions: [{ title: 'Order a pizza', type: 'postback', payload: 'order a pizza' }],
              },
            ],
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(fake.page(PAGE_ID)?.profile).toEqual({
      get_started: { payload: commandPayload(hoursId) },
      persistent_menu: [
        {
          locale: 'default',
          composer_input_disabled: false,
          call_to_actions: [
            { type: 'postback', title: 'Opening hours', payload: commandPayload(hoursId) },
            { type: 'web_url', title: 'Website', url: 'https://example.com', webview_height_ratio: 'full' },
            { type: 'postback', title: 'Order a pizza', payload: 'order a pizza' },
          ],
        },
      ],
    });
    const status = await server.call('GET', '/api/chatbot/channels_status', { token: bot.token });
    expect(status.json.data.facebook).toMatchObject({ status: 'active' });
    // the get-started postback arrives as its own payload
    const psid = 'psid-2004';
    await deliver(postbackEvent(PAGE_ID, psid, 'Get Started', commandPayload(hoursId)));
    await until(
      () => (textsTo(psid).includes('We open at nine.') ? true : undefined),
      'the get-started answer',
    );
  });
});
