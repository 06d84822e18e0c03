import { menuFixedFields, orderSchema, ordersListAnswerSchema } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../../testing/conversation-server.ts';
import { type SmtpSink, startSmtpSink } from '../../../testing/platform/mail/smtp-sink.ts';
import { type TestDatabaseKind, testDatabaseKinds } from '../../../testing/test-databases.ts';
import { findCart } from '../../commerce/cart-repository.ts';
import { insertDatasetRecord, updateRecordData } from '../../datasets/dataset-record-repository.ts';
import { createDataset } from '../../datasets/dataset-repository.ts';
import { findNoticeAbout } from '../../notices/notice-repository.ts';

type Reply = Record<string, unknown>;

const textVariable = (var_name: string, var_prompt: string) => ({
  var_name,
  var_type: 'text' as const,
  var_val_text: 'x',
  var_prompt,
});

const remembered = { var_is_preference: 1, var_is_preference_timeout: 7 };

const items = [
  {
    title: 'Margherita',
    tags: ['pizza'],
    subtitle: 'Tomato and mozzarella',
    price: 85.5,
    image: 'https://img.example/m.png',
  },
  { title: 'Pepperoni', tags: ['pizza'], subtitle: 'Spicy', price: 99.99, image: '' },
  { title: 'Cola', tags: ['drinks'], subtitle: '', price: 15, image: '' },
  { title: 'Water', tags: ['drinks'], subtitle: '', price: '7.25', image: '' },
  { title: 'Tiramisu', tags: ['dessert'], subtitle: '', price: 45, image: '' },
  { title: 'Falafel', tags: ['sandwich'], subtitle: '', price: 20, image: '' },
  { title: 'Fries', tags: ['sides', 'pizza'], subtitle: '', price: 12.5, image: '' },
];

describe.each(await testDatabaseKinds())('menus, the shopping cart and orders on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let stranger: TestBot;
  let menuId: number;
  let sink: SmtpSink;
  const recordIds: Record<string, number> = {};
  const commands = { menu: 0, add: 0, remove: 0, view: 0, order: 0, quickOrder: 0 };

  async function cartCommand(name: string, response: Record<string, unknown>, variables: Reply[] = []) {
    const { id, varIds } = await addCommand(bot, { name, examples: [], variables, response });
    return { id, varIds };
  }

  /** Saves a response again, e.g. once the command's variable ids are known. */
  async function saveResponse(commandId: number, record: Record<string, unknown>) {
    const saved = await server.call('POST', `/api/command_response/save/${commandId}`, {
      token: bot.token,
      body: { record },
    });
    expect(saved.json.status, saved.text).toBe(1);
  }

  const orders = (owner: TestBot, id: number | string) =>
    server.call('GET', `/api/shopping_cart/orders/${id}`, { token: owner.token });
  const confirm = (owner: TestBot, id: number | string) =>
    server.call('POST', `/api/shopping_cart/orders/${id}/confirm`, { token: owner.token });
  const remove = (owner: TestBot, id: number | string) =>
    server.call('POST', `/api/shopping_cart/orders/${id}/delete`, { token: owner.token });

  function receiptOf(replies: Reply[]): Reply {
    const receipt = replies.find((reply) => reply.type === 'receipt');
    expect(receipt, JSON.stringify(replies)).toBeDefined();
    return receipt as Reply;
  }

  /** A sender who has Margherita × 2 and Cola × 1 in the cart (through the cards' buttons). */
  async function senderWithCart() {
    const sender = newSender(bot);
    await sender.press(`cmd:${commands.add}?item=${recordIds.Margherita}`);
    await sender.say('2');
    await sender.press(`cmd:${commands.add}?item=${recordIds.Cola}`);
    await sender.say('1');
    return sender;
  }

  async function completeOrder(sender: ReturnType<typeof newSender>) {
    expect(await sender.press(`cmd:${commands.order}`)).toEqual([{ type: 'text', text: 'Your name?' }]);
    expect(await sender.say('Mona Hassan')).toEqual([{ type: 'text', text: 'Your phone?' }]);
    expect(await sender.say('0100 123 4567')).toEqual([{ type: 'text', text: 'Your address?' }]);
    return sender.say('12 Nile Street, Cairo');
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startConversationServer(kind, {}, { smtpUrl: sink.url });
    bot = await createBot(server);
    stranger = await createBot(server);
    const db = server.database.db;
    const menu = await createDataset(db, {
      userId: bot.userId,
      name: 'Lunch menu',
      type: 'menu',
      schema: menuFixedFields.map((field) => ({ ...field })),
      tax: 14,
      shipping: 5,
    });
    menuId = menu.ds_id;
    for (const item of items) {
      recordIds[item.title] = await insertDatasetRecord(db, { dsId: menuId, userId: bot.userId, data: item });
    }
    commands.view = (
      await cartCommand('view cart', {
        resp_type: 'shopping_cart',
        resp_menu_id: menuId,
        resp_cart_action: 'view_receipt',
        resp_cart_title: '',
      })
    ).id;
    commands.menu = (
      await cartCommand('menu', {
        resp_type: 'menu',
        resp_menu_id: menuId,
        resp_menu_extra_options: [{ label: 'View cart', value: `cmd:${commands.view}` }],
      })
    ).id;
    /** insert and delete name the command's quantity variable: saved once the variables exist */
    async function itemCommand(name: string, action: 'insert' | 'delete') {
      const command = await cartCommand(name, { resp_type: 'text', resp_text: '…' }, [
        textVariable('item', 'Which item?'),
        textVariable('qty', 'How many?'),
      ]);
      await saveResponse(command.id, {
        resp_type: 'shopping_cart',
        resp_menu_id: menuId,
        resp_cart_action: action,
        resp_cart_title: '{{item}}',
        resp_cart_quantity: command.varIds[1],
      });
      return command.id;
    }
    commands.add = await itemCommand('add to cart', 'insert');
    commands.remove = await itemCommand('remove from cart', 'delete');
    commands.order = (
      await cartCommand(
        'order',
        {
          resp_type: 'shopping_cart',
          resp_menu_id: menuId,
          resp_cart_action: 'complete_order',
          resp_cart_title: '',
        },
        // preferences: a returning customer is not asked again
        [
          { ...textVariable('fullname', 'Your name?'), ...remembered },
          { ...textVariable('phone', 'Your phone?'), ...remembered },
          { ...textVariable('address', 'Your address?'), ...remembered },
        ],
      )
    ).id;
    // a checkout the owner gave no contact variables, and text to say before the receipt
    commands.quickOrder = (
      await cartCommand('quick order', {
        resp_type: 'shopping_cart',
        resp_menu_id: menuId,
        resp_cart_action: 'complete_order',
        resp_cart_title: '',
        resp_text: 'Thank you for ordering from us!',
      })
    ).id;
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('shows the menu as cards a page at a time, with add-to-cart buttons, more, tags and extra options', async () => {
    const sender = newSender(bot);
    const replies = await sender.press(`cmd:${commands.menu}`);
    expect(replies).toHaveLength(2);
    const [cards, quick] = replies as [{ cards: Reply[] }, { replies: { label: string; payload: string }[] }];
    expect(cards.cards.map((card) => card.title)).toEqual([
      'Margherita',
      'Pepperoni',
      'Cola',
      'Water',
      'Tiramisu',
    ]);
    expect(cards.cards[0]).toEqual({
      title: 'Margherita',
      subtitle: 'Tomato and mozzarella · 85.50\u00a0EGP',
      media: 'https://img.example/m.png',
      buttons: [
        { label: 'Add to cart', type: 'postback', value: `cmd:${commands.add}?item=${recordIds.Margherita}` },
      ],
    });
    expect(cards.cards[3]?.subtitle).toBe('7.25\u00a0EGP');
    expect(quick).toMatchObject({ type: 'quick_replies', text: 'Lunch menu (1–5 / 7)' });
    expect(quick.replies).toEqual([
      { label: 'More', payload: `cmd:${commands.menu}?page=2` },
      { label: 'pizza', payload: `cmd:${commands.menu}?tag=pizza` },
      { label: 'drinks', payload: `cmd:${commands.menu}?tag=drinks` },
      { label: 'dessert', payload: `cmd:${commands.menu}?tag=dessert` },
      { label: 'sandwich', payload: `cmd:${commands.menu}?tag=sandwich` },
      { label: 'sides', payload: `cmd:${commands.menu}?tag=sides` },
      { label: 'View cart', payload: `cmd:${commands.view}` },
    ]);

    const second = await sender.press(`cmd:${commands.menu}?page=2`);
    expect((second[0] as { cards: Reply[] }).cards.map((card) => card.title)).toEqual(['Falafel', 'Fries']);
    const secondQuick = second[1] as { text: string; replies: { label: string }[] };
    expect(secondQuick.text).toBe('Lunch menu (6–7 / 7)');
    expect(secondQuick.replies.map((reply) => reply.label)).not.toContain('More');
  });

  it('filters the items by a tag chosen as a quick reply, and lifts the filter with all items', async () => {
    const sender = newSender(bot);
    const pizza = await sender.press(`cmd:${commands.menu}?tag=pizza`);
    expect((pizza[0] as { cards: Reply[] }).cards.map((card) => card.title)).toEqual([
      'Margherita',
      'Pepperoni',
      'Fries',
    ]);
    const quick = pizza[1] as { text: string; replies: { label: string; payload: string }[] };
    expect(quick.text).toBe('Lunch menu · pizza (1–3 / 3)');
    expect(quick.replies[0]).toEqual({ label: 'All items', payload: `cmd:${commands.menu}` });
    expect(quick.replies.map((reply) => reply.label)).not.toContain('pizza');
    const drinks = await sender.press(`cmd:${commands.menu}?tag=Drinks`);
    expect((drinks[0] as { cards: Reply[] }).cards.map((card) => card.title)).toEqual(['Cola', 'Water']);
  });

  it('adds two items, changes a quantity, refuses a bad quantity and an unknown item, and views the receipt to the cent', async () => {
    const sender = newSender(bot);
    // the card's button names the item by its record id: only the quantity is asked
    expect(await sender.press(`cmd:${commands.add}?item=${recordIds.Margherita}`)).toEqual([
      { type: 'text', text: 'How many?' },
    ]);
    expect(await sender.say('2')).toEqual([{ type: 'text', text: 'Margherita × 2 is in your cart.' }]);
    // typed: the title variable, then the quantity — a bad quantity is said and asked again
    expect(await sender.press(`cmd:${commands.add}`)).toEqual([{ type: 'text', text: 'Which item?' }]);
    expect(await sender.say('pepperoni')).toEqual([{ type: 'text', text: 'How many?' }]);
    for (const bad of ['zero', '0', '-1', '1.5']) {
      expect(await sender.say(bad)).toEqual([
        { type: 'text', text: 'The quantity must be a whole number above 0.' },
        { type: 'text', text: 'How many?' },
      ]);
    }
    expect(await sender.say('3')).toEqual([{ type: 'text', text: 'Pepperoni × 3 is in your cart.' }]);
    // an item not on the menu: said, and the item asked again (the quantity is kept)
    await sender.press(`cmd:${commands.add}`);
    await sender.say('sushi');
    expect(await sender.say('1')).toEqual([
      { type: 'text', text: 'There is no “sushi” on the menu. Which item would you like?' },
      { type: 'text', text: 'Which item?' },
    ]);
    expect(await sender.say('Water')).toEqual([{ type: 'text', text: 'Water × 1 is in your cart.' }]);
    // adding an item again sets its quantity
    await sender.press(`cmd:${commands.add}?item=${recordIds.Pepperoni}`);
    expect(await sender.say('1')).toEqual([{ type: 'text', text: 'Pepperoni × 1 is in your cart.' }]);
    // and one is taken out again
    await sender.press(`cmd:${commands.remove}`);
    await sender.say('water');
    expect(await sender.say('1')).toEqual([{ type: 'text', text: 'Water is no longer in your cart.' }]);

    // 85.50 × 2 + 99.99 = 270.99; tax 14% = 37.9386 → 37.94; shipping 5% = 13.5495 → 13.55; total 322.48
    const receipt = receiptOf(await sender.press(`cmd:${commands.view}`));
    expect(receipt).toEqual({
      type: 'receipt',
      items: [
        { title: 'Margherita', quantity: 2, price: 85.5, image: 'https://img.example/m.png' },
        { title: 'Pepperoni', quantity: 1, price: 99.99 },
      ],
      subtotal: 270.99,
      tax: 37.94,
      shipping: 13.55,
      total: 322.48,
      currency: 'EGP',
      payment_method: 'cash',
      text: [
        '• Margherita × 2 = 171.00 EGP',
        '• Pepperoni × 1 = 99.99 EGP',
        'Subtotal: 270.99 EGP',
        'Shipping: 13.55 EGP',
        'Tax: 37.94 EGP',
        'Total: 322.48 EGP',
        'Payment: cash',
      ].join('\n'),
    });
    // the cart is in the database, not in the process
    const cart = await findCart(
      server.database.db,
      { userId: bot.userId, platform: 'web', senderId: String(sender.senderId) },
      menuId,
    );
    expect(cart.lines.map((line) => [line.title, line.quantity, line.priceCents])).toEqual([
      ['Margherita', 2, 8550],
      ['Pepperoni', 1, 9999],
    ]);
  });

  it('answers an Arabic page in Arabic and reads a quantity in Eastern Arabic digits', async () => {
    const senderId = 880_000 + Math.floor(Math.random() * 10_000);
    const send = async (event: Record<string, unknown>) => {
      const answer = await server.call('POST', `/widget/api/${bot.botToken}/messages`, {
        body: { sender_id: senderId, event, locale: 'ar' },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.json.replies as Reply[];
    };
    const menu = await send({ type: 'postback', payload: `cmd:${commands.menu}` });
    expect((menu[0] as { cards: Reply[] }).cards[0]?.buttons).toEqual([
      { label: 'أضف إلى السلة', type: 'postback', value: `cmd:${commands.add}?item=${recordIds.Margherita}` },
    ]);
    await send({ type: 'postback', payload: `cmd:${commands.add}?item=${recordIds.Tiramisu}` });
    expect(await send({ type: 'text', text: '٣' })).toEqual([
      { type: 'text', text: 'Tiramisu × 3 في سلتك.' },
    ]);
    // 45 × 3 = 135; tax 18.90; shipping 6.75; total 160.65
    const receipt = receiptOf(await send({ type: 'postback', payload: `cmd:${commands.view}` }));
    expect(receipt.text).toBe(
      [
        '• Tiramisu × 3 = 135.00 EGP',
        'المجموع الفرعي: 135.00 EGP',
        'الشحن: 6.75 EGP',
        'الضريبة: 18.90 EGP',
        'الإجمالي: 160.65 EGP',
        'الدفع: نقدًا',
      ].join('\n'),
    );
  });

  it('keeps the cart in the database: a second server process on the same database sees it', async () => {
    const sender = await senderWithCart();
    const firstReceipt = receiptOf(await sender.press(`cmd:${commands.view}`));
    const target =
      kind.label === 'postgres'
        ? { dialect: 'postgres' as const, url: String(server.config.databaseUrl) }
        : { dialect: 'sqlite' as const, file: `${server.config.dataDir}/hiwar.sqlite` };
    const sameDatabase: TestDatabaseKind = {
      label: kind.label,
      create: async () => ({ target, drop: async () => {} }),
    };
    const restarted = await startConversationServer(sameDatabase);
    try {
      const answer = await restarted.call('POST', `/widget/api/${bot.botToken}/messages`, {
        body: { sender_id: sender.senderId, event: { type: 'postback', payload: `cmd:${commands.view}` } },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(receiptOf(answer.json.replies)).toEqual(firstReceipt);
    } finally {
      await restarted.close();
    }
  });

  it('completes the order with the contact questions, once, and keeps the prices the receipt showed', async () => {
    const sender = newSender(bot);
    await sender.press(`cmd:${commands.add}?item=${recordIds.Pepperoni}`);
    await sender.say('2');
    await sender.press(`cmd:${commands.add}?item=${recordIds.Water}`);
    await sender.say('3');
    const shown = receiptOf(await sender.press(`cmd:${commands.view}`));
    // the menu's price changes after the items were added: the cart keeps the price of the moment it was added
    await updateRecordData(server.database.db, recordIds.Pepperoni as number, { ...items[1], price: 120 });
    const before = receiptOf(await sender.press(`cmd:${commands.view}`));
    expect(before).toEqual(shown);
    // 99.99 × 2 + 7.25 × 3 = 221.73; tax 31.0422 → 31.04; shipping 11.0865 → 11.09; total 263.86
    expect([before.subtotal, before.tax, before.shipping, before.total]).toEqual([
      221.73, 31.04, 11.09, 263.86,
    ]);

    const done = await completeOrder(sender);
    expect(done[0]).toMatchObject({ type: 'text' });
    const orderNumber = /order (\S+) is placed/.exec(String(done[0]?.text))?.[1] ?? '';
    expect(orderNumber).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const placed = receiptOf(done);
    expect(placed).toMatchObject({
      items: before.items,
      subtotal: 221.73,
      tax: 31.04,
      shipping: 11.09,
      total: 263.86,
      order_number: orderNumber,
      customer_name: 'Mona Hassan',
      customer_address: '12 Nile Street, Cairo',
    });

    // the same completion again (a double tap, a redelivered message): the same order, told again; the contact
    // details are remembered, so nothing is asked
    const repeated = await sender.press(`cmd:${commands.order}`);
    expect(repeated[0]).toEqual({ type: 'text', text: `Your order ${orderNumber} is already placed.` });
    expect(receiptOf(repeated)).toMatchObject({ order_number: orderNumber, total: 263.86 });

    const listed = await orders(bot, menuId);
    expect(listed.status, listed.text).toBe(200);
    const parsed = ordersListAnswerSchema.parse(listed.json);
    const mine = (parsed.data[String(menuId)] ?? []).filter((order) => order.order_number === orderNumber);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      menu_id: menuId,
      fullname: 'Mona Hassan',
      phone: '0100 123 4567',
      address: '12 Nile Street, Cairo',
      items: [
        { title: 'Pepperoni', quantity: 2, price: 99.99 },
        { title: 'Water', quantity: 3, price: 7.25 },
      ],
      subtotal: before.subtotal,
      tax: before.tax,
      shipping: before.shipping,
      price: before.total,
      currency: 'EGP',
      payment_method: 'cash',
      notes: '',
      status: 'pending',
    });
    expect(mine[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // the cart is empty now
    expect(await sender.press(`cmd:${commands.view}`)).toEqual([
      { type: 'text', text: 'Your cart is empty.' },
    ]);
    await updateRecordData(
      server.database.db,
      recordIds.Pepperoni as number,
      items[1] as Record<string, unknown>,
    );
  });

  it('asks for the contact details itself when the command has no variables for them, and remembers them', async () => {
    const sender = await senderWithCart();
    expect(await sender.press(`cmd:${commands.quickOrder}`)).toEqual([
      { type: 'text', text: 'To place your order: what is your name?' },
    ]);
    expect(await sender.say('Sara Adel')).toEqual([{ type: 'text', text: 'Your phone number?' }]);
    expect(await sender.say('0111 222 3333')).toEqual([{ type: 'text', text: 'And the delivery address?' }]);
    const done = await sender.say('5 Tahrir Square');
    // the owner's text comes before the order's and the receipt
    expect(done.slice(0, 2)).toEqual([
      { type: 'text', text: 'Thank you for ordering from us!' },
      { type: 'text', text: expect.stringMatching(/^Thank you! Your order \S+ is placed\.$/) },
    ]);
    expect(receiptOf(done)).toMatchObject({
      customer_name: 'Sara Adel',
      customer_address: '5 Tahrir Square',
    });

    // the next order asks nothing: the details of the last one, said back
    await sender.press(`cmd:${commands.add}?item=${recordIds.Cola}`);
    await sender.say('1');
    const again = await sender.press(`cmd:${commands.quickOrder}`);
    expect(again.slice(0, 3)).toEqual([
      { type: 'text', text: 'As last time: Sara Adel, 0111 222 3333, 5 Tahrir Square.' },
      { type: 'text', text: 'Thank you for ordering from us!' },
      { type: 'text', text: expect.stringMatching(/^Thank you! Your order \S+ is placed\.$/) },
    ]);
    expect(receiptOf(again)).toMatchObject({ customer_name: 'Sara Adel' });
  });

  it('makes one order of two completions arriving together, and mails the owner about it', async () => {
    const sender = newSender(bot);
    await sender.press(`cmd:${commands.add}?item=${recordIds.Tiramisu}`);
    await sender.say('1');
    await sender.press(`cmd:${commands.order}`);
    await sender.say('Ali');
    await sender.say('0111');
    await sender.say('5 Tahrir Sq');
    // a returning customer (the details remembered) taps "order" twice: one turn orders, the other finds it
    await sender.press(`cmd:${commands.add}?item=${recordIds.Margherita}`);
    await sender.say('2');
    await sender.press(`cmd:${commands.add}?item=${recordIds.Cola}`);
    await sender.say('1');
    const [first, second] = await Promise.all([
      sender.press(`cmd:${commands.order}`),
      sender.press(`cmd:${commands.order}`),
    ]);
    const orderNumber = String(receiptOf(first).order_number);
    expect(first[0]).toEqual({ type: 'text', text: `Thank you! Your order ${orderNumber} is placed.` });
    expect(second[0]).toEqual({ type: 'text', text: `Your order ${orderNumber} is already placed.` });
    expect(receiptOf(second)).toEqual(receiptOf(first));
    const listed = ordersListAnswerSchema.parse((await orders(bot, menuId)).json);
    const alis = (listed.data[String(menuId)] ?? []).filter((order) => order.fullname === 'Ali');
    expect(alis.map((order) => order.price)).toEqual([
      // newest first: 85.50 × 2 + 15 = 186; tax 26.04; shipping 9.30
      221.34,
      // 45; tax 6.30; shipping 2.25
      53.55,
    ]);
    const mails = await server.database.db
      .withTables<{ turn_actions: { user_id: number; kind: string; payload: string } }>()
      .selectFrom('turn_actions')
      .select(['payload'])
      .where('user_id', '=', bot.userId)
      .where('kind', '=', 'mail')
      .execute();
    const about = mails
      .map((row) => JSON.parse(row.payload))
      .filter((mail) => mail.subject.includes(orderNumber));
    expect(about).toHaveLength(1);
    expect(about[0].subject).toBe(`New order ${orderNumber} — Lunch menu`);
    expect(about[0].text).toContain('Name: Ali');
    expect(about[0].text).toContain('• Margherita × 2 = 171.00 EGP');
    // and it goes out through the mail server (SMTP_URL here) to the owner's account address
    const owner = await server.call('GET', '/api/user/me', { token: bot.token });
    const deadline = Date.now() + 10_000;
    const sent = () => sink.received.filter((mail) => mail.raw.includes('Phone: 0111'));
    while (sent().length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // the two orders Ali placed, one mail each
    expect(sent()).toHaveLength(2);
    expect(sent()[0]?.to).toEqual([owner.json.data.user_email]);
  });

  it('lets the owner confirm an order, which tells the sender in their conversation', async () => {
    const sender = await senderWithCart();
    const done = await completeOrder(sender);
    const orderNumber = String(receiptOf(done).order_number);
    const listed = ordersListAnswerSchema.parse((await orders(bot, menuId)).json);
    const order = (listed.data[String(menuId)] ?? []).find((o) => o.order_number === orderNumber);
    expect(order).toBeDefined();
    const notices = () =>
      server.call('GET', `/widget/api/${bot.botToken}/notices?sender_id=${sender.senderId}`);
    expect((await notices()).json).toEqual({ status: 1, data: [], handoff: false });

    const confirmed = await confirm(bot, order?._id as number);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(orderSchema.parse(confirmed.json.data)).toEqual({ ...order, status: 'confirmed' });
    const after = ordersListAnswerSchema.parse((await orders(bot, menuId)).json);
    expect((after.data[String(menuId)] ?? []).map((o) => o._id)).not.toContain(order?._id);

    const told = await notices();
    expect(told.json.data).toHaveLength(1);
    expect(told.json.data[0].message).toEqual({
      type: 'text',
      text: `Your order ${orderNumber} is confirmed.`,
    });
    const noticeId = told.json.data[0].notice_id;
    // where WhatsApp takes only a template, the confirmation goes as the owner's with the order number
    expect(await findNoticeAbout(server.database.db, bot.userId, noticeId)).toEqual({
      kind: 'order_confirmed',
      params: [orderNumber],
    });
    expect(
      (
        await server.call(
          'GET',
          `/widget/api/${bot.botToken}/notices?sender_id=${sender.senderId}&after=${noticeId}`,
        )
      ).json.data,
    ).toEqual([]);
    // a second confirm answers the order and tells nobody again
    expect((await confirm(bot, order?._id as number)).json.data.status).toBe('confirmed');
    expect((await notices()).json.data).toHaveLength(1);
    // another sender hears nothing
    const other = newSender(bot);
    expect(
      (await server.call('GET', `/widget/api/${bot.botToken}/notices?sender_id=${other.senderId}`)).json.data,
    ).toEqual([]);
  });

  it("sells in the menu's currency with its payment method, and an order keeps the ones it was placed with", async () => {
    const saveMenu = async (ds_currency: string, ds_payment_method: string) => {
      const answer = await server.call('POST', `/api/dataset/save/${menuId}`, {
        token: bot.token,
        body: { menu_name: 'Lunch menu', ds_currency, ds_payment_method },
      });
      expect(answer.json.status, answer.text).toBe(1);
    };
    const listedOrder = async (orderNumber: string) => {
      const listed = ordersListAnswerSchema.parse((await orders(bot, menuId)).json);
      return (listed.data[String(menuId)] ?? []).find((order) => order.order_number === orderNumber);
    };
    const egpNumber = String(receiptOf(await completeOrder(await senderWithCart())).order_number);
    try {
      await saveMenu('USD', 'visa');
      expect(await listedOrder(egpNumber)).toMatchObject({ currency: 'EGP', payment_method: 'cash' });

      const sender = newSender(bot);
      const [cards] = (await sender.press(`cmd:${commands.menu}`)) as [{ cards: Reply[] }];
      expect(cards.cards[0]?.subtitle).toBe('Tomato and mozzarella · 85.50\u00a0USD');
      expect(cards.cards[3]?.subtitle).toBe('7.25\u00a0USD');
      await sender.press(`cmd:${commands.add}?item=${recordIds.Margherita}`);
      await sender.say('2');
      const shown = receiptOf(await sender.press(`cmd:${commands.view}`));
      expect(shown).toMatchObject({ currency: 'USD', payment_method: 'visa', subtotal: 171, total: 203.49 });
      expect(String(shown.text).split('\n')).toEqual(
        expect.arrayContaining(['• Margherita × 2 = 171.00 USD', 'Total: 203.49 USD', 'Payment: Visa']),
      );
      const placed = receiptOf(await completeOrder(sender));
      expect(placed).toMatchObject({ currency: 'USD', payment_method: 'visa', total: 203.49 });
      const usdNumber = String(placed.order_number);
      expect(await listedOrder(usdNumber)).toMatchObject({
        items: [{ title: 'Margherita', quantity: 2, price: 85.5 }],
        price: 203.49,
        currency: 'USD',
        payment_method: 'visa',
      });

      // the menu changes back: the order placed in USD stays in USD, paid by visa
      await saveMenu('EGP', 'cash');
      expect(await listedOrder(usdNumber)).toMatchObject({ currency: 'USD', payment_method: 'visa' });
      const again = (await newSender(bot).press(`cmd:${commands.menu}`)) as [{ cards: Reply[] }];
      expect(again[0].cards[3]?.subtitle).toBe('7.25\u00a0EGP');
    } finally {
      await saveMenu('EGP', 'cash');
    }
  });

  it('refuses another owner, unknown and malformed ids; delete takes an order off the list', async () => {
    const sender = await senderWithCart();
    const done = await completeOrder(sender);
    const orderNumber = String(receiptOf(done).order_number);
    const listed = ordersListAnswerSchema.parse((await orders(bot, menuId)).json);
    const order = (listed.data[String(menuId)] ?? []).find((o) => o.order_number === orderNumber);
    const orderId = order?._id as number;

    for (const answer of [
      await orders(stranger, menuId),
      await confirm(stranger, orderId),
      await remove(stranger, orderId),
    ]) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.text).not.toContain(orderNumber);
    }
    // a dataset that is not a menu, and ids that are not ids
    const dataset = await createDataset(server.database.db, { userId: bot.userId, name: 'not a menu' });
    expect((await orders(bot, dataset.ds_id)).status).toBe(404);
    expect((await orders(bot, 999_999_999)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '0x10']) {
      const answers = [await orders(bot, bad), await confirm(bot, bad), await remove(bot, bad)];
      for (const answer of answers) {
        expect(answer.status, `${bad}: ${answer.text}`).toBe(422);
        expect(answer.json.status).toBe(0);
      }
    }
    expect((await server.call('GET', `/api/shopping_cart/orders/${menuId}`)).status).toBe(401);

    const deleted = await remove(bot, orderId);
    expect(deleted.json, deleted.text).toEqual({ status: 1 });
    const after = ordersListAnswerSchema.parse((await orders(bot, menuId)).json);
    expect((after.data[String(menuId)] ?? []).map((o) => o._id)).not.toContain(orderId);
    expect((await remove(bot, orderId)).status).toBe(404);
    expect((await confirm(bot, orderId)).status).toBe(404);
  });
});
