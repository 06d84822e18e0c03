import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostSite, startHostSite } from '../../apps/widget/test-support/embedding-site.ts';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import { lastBotText, openMessenger, say, snapMessenger, waitUntilUnderstood } from '../support/messenger.ts';
import type { RunningServer } from '../support/server.ts';

// A menu with three items, tax and shipping built through the console's screens;
// its Orders tab (the empty state, the badge); a customer on another site orders in Arabic through the web
// messenger (the menu asked for in words, the cards' add-to-cart buttons, the quantities, name, phone and
// address typed, the receipts drawn) and the order appears in the open orders screen within 5 s with the
// badge, with the receipt's amounts; confirmed there, the customer's open conversation is told. The list, the
// form, the data, the orders and the messenger's cards and receipt in English and Arabic.
const owner = {
  username: 'hala_kitchen',
  fullname: 'Hala Mostafa',
  email: 'hala@example.com',
  password: 'secret-pass-1',
};
const items = [
  { title: 'Koshari', tags: 'mains', subtitle: 'Rice, lentils and pasta', price: '45.5', image: '/dish.svg' },
  { title: 'Molokhia', tags: 'mains', subtitle: 'With chicken', price: '120' },
  { title: 'Om Ali', tags: 'desserts', subtitle: 'Warm pastry with milk and nuts', price: '60' },
];
const ids = { menu: 0, addCommand: 0, orderCommand: 0, menuCommand: 0, orderNumber: '' };

const routeReaches = (page: Page, route: RegExp) => expect.poll(() => page.url()).toMatch(route);
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** A record through the Data tab's form; an image is a link to the host site's (`siteUrl` + the item's path). */
async function addItem(page: Page, item: (typeof items)[number], siteUrl: string) {
  await page.getByRole('button', { name: 'Add record' }).click();
  const form = page.getByRole('form', { name: 'Add a record' });
  await form.waitFor();
  await form.getByRole('textbox', { name: 'title', exact: true }).fill(item.title);
  const tags = form.getByLabel('tags', { exact: true });
  await tags.fill(item.tags);
  await tags.press('Enter');
  await form.getByRole('textbox', { name: 'subtitle', exact: true }).fill(item.subtitle);
  await form.getByRole('textbox', { name: 'price', exact: true }).fill(item.price);
  if ('image' in item)
    await form.getByRole('textbox', { name: 'image', exact: true }).fill(`${siteUrl}${item.image}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByTestId('records-grid').getByText(item.title, { exact: true }).waitFor();
}

/** A response's text in Arabic (the commands' language) with its English version. */
const bilingual = (ar: string, en: string) => ({ resp_text: ar, resp_text_langs: { en } });
/** A quick reply starting a command, labelled in Arabic and English. */
const commandReply = (commandId: number, ar: string, en: string) => ({
  label: ar,
  label_langs: { en },
  value: '',
  command_id: commandId,
});

/**
 * The owner's bot (through the API, as the console's response editor would save it): the menu, asked for in
 * words; add to cart (the cards' button) and view the cart, each offering the next step as quick replies; order.
 */
async function buildCartCommands(server: RunningServer, token: string) {
  const { id: serviceId } = await callApi(server, 'POST', '/service/save', {
    token,
    body: { service_name: 'المطبخ' },
  });
  const command = async (name: string, examples: { ar?: string[]; en?: string[] } = {}) => {
    const { id } = await callApi(server, 'POST', `/command/save/${serviceId}/0`, {
      token,
      body: { command_name: name, command_lang: 'ar' },
    });
    for (const [lang, texts] of Object.entries(examples))
      for (const text of texts)
        await callApi(server, 'POST', '/command_example/save_example', {
          token,
          body: { example_command_id: id, example_text: text, example_lang: lang, example_vars: [] },
        });
    return id as number;
  };
  const variable = async (commandId: number, order: number, name: string, prompt: string) =>
    (
      await callApi(server, 'POST', `/command_var/save/0/${commandId}`, {
        token,
        body: { var_name: name, var_type: 'text', var_val_text: 'x', var_prompt: prompt, var_order: order },
      })
    ).id as number;
  const saveResponse = (commandId: number, record: Record<string, unknown>) =>
    callApi(server, 'POST', `/command_response/save/${commandId}`, { token, body: { record } });

  ids.orderCommand = await command('اطلب');
  await variable(ids.orderCommand, 1, 'fullname', 'ما اسمك؟');
  await variable(ids.orderCommand, 2, 'phone', 'ما رقم هاتفك؟');
  await variable(ids.orderCommand, 3, 'address', 'ما عنوانك؟');
  await saveResponse(ids.orderCommand, {
    resp_type: 'shopping_cart',
    resp_menu_id: ids.menu,
    resp_cart_action: 'complete_order',
    resp_cart_title: '',
  });
  const viewCommand = await command('السلة');
  await saveResponse(viewCommand, {
    resp_type: 'shopping_cart',
    resp_menu_id: ids.menu,
    resp_cart_action: 'view_receipt',
    resp_cart_title: '',
    ...bilingual('هل نرسل طلبك؟', 'Shall we send your order?'),
    resp_quick_reply: [commandReply(ids.orderCommand, 'اطلب الآن', 'Order now')],
  });
  ids.addCommand = await command('أضف إلى السلة');
  await variable(ids.addCommand, 1, 'item', 'أي صنف؟');
  const quantity = await variable(ids.addCommand, 2, 'qty', 'كم العدد؟');
  await saveResponse(ids.addCommand, {
    resp_type: 'shopping_cart',
    resp_menu_id: ids.menu,
    resp_cart_action: 'insert',
    resp_cart_title: '{{item}}',
    resp_cart_quantity: quantity,
    ...bilingual('شيء آخر؟', 'Anything else?'),
    resp_quick_reply: [commandReply(viewCommand, 'عرض السلة', 'View cart')],
  });
  ids.menuCommand = await command('القائمة', {
    ar: ['أريد أن أرى القائمة', 'ما هي القائمة', 'اعرض القائمة من فضلك', 'ماذا عندكم من أكل'],
    en: ['show me the menu', 'what is on the menu', 'can i see the menu please', 'what food do you have'],
  });
  await saveResponse(ids.menuCommand, { resp_type: 'menu', resp_menu_id: ids.menu });
  // a second command the classifier can tell the menu from
  const hours = await command('المواعيد', {
    ar: ['متى تفتحون', 'ما هي مواعيد العمل', 'متى تغلقون', 'هل أنتم مفتوحون اليوم'],
    en: ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
  });
  await saveResponse(hours, {
    resp_type: 'text',
    ...bilingual('من 10 صباحًا إلى 11 مساءً.', 'From 10 am to 11 pm.'),
  });

  await waitUntilUnderstood(server, token, 'أريد أن أرى القائمة', ids.menuCommand);
  await waitUntilUnderstood(server, token, 'show me the menu', ids.menuCommand);
  const bot = await callApi(server, 'GET', '/chatbot/browse', { token });
  return (bot.data as { messenger_settings: { embed_code: string } }).messenger_settings.embed_code;
}

/** Waits until the image has loaded (the messenger's images load lazily). */
async function shown(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

/** The amounts of a receipt drawn in the messenger, by label: "151.00 EGP" → 151. */
async function receiptAmounts(receipt: Locator): Promise<Record<string, number>> {
  const amounts: Record<string, number> = {};
  for (const line of await receipt.locator('.receipt-line').all()) {
    const label = (await line.locator('.receipt-label').textContent()) ?? '';
    const amount = (await line.locator('.receipt-amount').textContent()) ?? '';
    amounts[label] = Number(amount.replace(/[^\d.]/g, ''));
  }
  return amounts;
}

describe('menus', () => {
  let session: SignedInConsole | undefined;
  let host: HostSite;
  let page: Page;
  /** the customer's page on the restaurant's site, and the messenger's frame in it */
  let customer: Page;
  let chat: FrameLocator;

  beforeAll(async () => {
    session = await openSignedInConsole(owner);
    ({ page } = session);
    host = await startHostSite();
  });

  afterAll(async () => {
    host?.close();
    await session?.close();
  });

  it('builds a menu with tax, shipping and three items through the screens', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Menus' }).click();
    await routeReaches(page, /#\/menus$/);
    await page.getByTestId('menus-table').getByText('no data').waitFor();
    await page.getByRole('link', { name: 'Add menu' }).click();
    await page.getByRole('heading', { name: 'New menu' }).waitFor();
    // the five fixed fields are there from the start, read-only
    for (const field of ['title', 'tags', 'subtitle', 'price', 'image'])
      await page.getByTestId(`field-row-${field}`).getByText('Read only').waitFor();

    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('The menu name is required').waitFor();
    await textbox(page, 'Menu name').fill('Cairo Kitchen');
    await textbox(page, 'Tax (%)').fill('14');
    await textbox(page, 'Shipping (%)').fill('2.5');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await routeReaches(page, /#\/menus\/[1-9]\d*\/structure$/);
    ids.menu = Number(/menus\/(\d+)\//.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: 'Cairo Kitchen' }).waitFor();
    await snapPage(page, 'menus-form-en');

    const menu = await callApi(session!.server, 'GET', `/dataset/browse/${ids.menu}`, {
      token: session!.token,
    });
    expect(menu.data).toMatchObject({
      ds_name: 'Cairo Kitchen',
      ds_type: 'menu',
      ds_tax: 14,
      ds_shipping: 2.5,
    });

    await page.getByRole('tab', { name: 'Data' }).click();
    await routeReaches(page, new RegExp(`#/menus/${ids.menu}/data$`));
    for (const item of items) await addItem(page, item, host.url);
    await page.getByText('Records: 3').waitFor();
    await snapPage(page, 'menus-data-en');
  });

  it('shows no orders yet: the empty state, a badge of 0, and the list of menus', async () => {
    await page.getByRole('tab', { name: /^Orders/ }).click();
    await routeReaches(page, new RegExp(`#/menus/${ids.menu}/orders$`));
    await page.getByText('No pending orders').waitFor();
    await expect.poll(() => page.getByTestId('orders-count').textContent()).toBe('0');
    await snapPage(page, 'menus-orders-empty-en');

    await page.getByTestId('sidebar').getByRole('link', { name: 'Menus' }).click();
    await page.getByTestId(`menu-row-${ids.menu}`).getByText('Cairo Kitchen').waitFor();
    await snapPage(page, 'menus-list-en');
  });

  it('takes an order in the web messenger on another site, in Arabic, and shows it within 5 s with the badge', async () => {
    const { server, token } = session!;
    host.embedCode = await buildCartCommands(server, token);

    await page.getByTestId(`menu-row-${ids.menu}`).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('tab', { name: /^Orders/ }).click();
    await page.getByText('No pending orders').waitFor();

    // the customer, on the restaurant's own site, asks for the menu in words: three cards and the tags
    const context = await session!.browser.newContext({ viewport: { width: 1100, height: 860 } });
    context.setDefaultTimeout(15_000);
    ({ page: customer, chat } = await openMessenger(context, host.url, 'ar'));
    expect(await chat.locator('html').getAttribute('dir')).toBe('rtl');
    await chat.locator('textarea').fill('أريد أن أرى القائمة');
    await chat.locator('.send-button').click();
    const cards = chat.locator('.cards .card');
    await expect.poll(() => cards.allTextContents()).toHaveLength(3);
    const card = (title: string) => chat.locator('.card', { hasText: title });
    await card('Koshari').getByText('Rice, lentils and pasta · 45.50 EGP').waitFor();
    await chat.locator('.chip', { hasText: 'desserts' }).waitFor();
    await shown(card('Koshari').locator('img.card-media'));
    await snapMessenger(customer, chat, 'menus-widget-cards-ar');

    // two items from the cards' buttons, the quantities typed when asked
    await card('Koshari').getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('كم العدد؟');
    await say(chat, '2', 'شيء آخر؟');
    expect(await chat.getByText('Koshari × 2 في سلتك.').count()).toBe(1);
    await card('Om Ali').getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('كم العدد؟');
    await say(chat, '١', 'شيء آخر؟');
    await chat.getByText('Om Ali × 1 في سلتك.').waitFor();

    // the cart as a receipt: the lines and the amounts to the cent
    await chat.locator('.chip', { hasText: 'عرض السلة' }).click();
    const cart = chat.locator('.receipt').last();
    await cart.waitFor();
    expect(await cart.locator('.receipt-item').allInnerTexts()).toEqual([
      expect.stringMatching(/Koshari\s+2 × 45\.50 EGP\s+91\.00 EGP/),
      expect.stringMatching(/Om Ali\s+1 × 60\.00 EGP\s+60\.00 EGP/),
    ]);
    expect(await receiptAmounts(cart)).toMatchObject({
      'المجموع الفرعي': 151,
      الضريبة: 21.14,
      الشحن: 3.78,
      الإجمالي: 175.92,
    });
    expect(await cart.locator('.receipt-total').innerText()).toContain('175.92 EGP');
    await shown(cart.locator('.receipt-item', { hasText: 'Koshari' }).locator('img.receipt-image'));
    await cart.scrollIntoViewIfNeeded();
    await snapMessenger(customer, chat, 'menus-widget-receipt-ar');

    // the order: the name, the phone and the address typed when asked; the receipt with the order number
    await chat.locator('.chip', { hasText: 'اطلب الآن' }).click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('ما اسمك؟');
    await say(chat, 'منى عادل', 'ما رقم هاتفك؟');
    await say(chat, '0100 123 4567', 'ما عنوانك؟');
    await chat.locator('textarea').fill('شارع التحرير 12، القاهرة');
    await chat.locator('.send-button').click();
    const ordered = chat.locator('.receipt', { has: chat.locator('.receipt-order') });
    await ordered.waitFor();
    const orderedAt = Date.now();
    const orderNumber = ((await ordered.locator('.receipt-order').textContent()) ?? '').replace(/[\s#]/g, '');
    expect(orderNumber).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await chat.getByText(`شكرًا لك! تم تسجيل طلبك ${orderNumber}.`).waitFor();
    expect(await ordered.locator('.receipt-customer').innerText()).toBe(
      'منى عادل — شارع التحرير 12، القاهرة',
    );
    expect(await ordered.locator('.receipt-item').count()).toBe(2);
    const receipt = await receiptAmounts(ordered);
    expect(receipt).toEqual(await receiptAmounts(cart));
    await ordered.scrollIntoViewIfNeeded();
    await snapMessenger(customer, chat, 'menus-widget-ordered-ar');

    // the screen polls every 5000 ms: the order is there within 5 s (and a little for the request itself)
    const order = page.getByRole('article', { name: `Order ${orderNumber}` });
    await order.waitFor({ timeout: 6_500 });
    expect(Date.now() - orderedAt).toBeLessThan(6_500);
    await expect.poll(() => page.getByTestId('orders-count').textContent()).toBe('1');
    await order.getByText('منى عادل').waitFor();
    await order.getByText('0100 123 4567').waitFor();
    await order.getByText('شارع التحرير 12، القاهرة').waitFor();
    const money = (amount: number) =>
      `EGP ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const rows = await order.getByTestId('order-items').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t'))).toEqual([
      ['Koshari', '2', 'EGP 45.50', 'EGP 91.00'],
      ['Om Ali', '1', 'EGP 60.00', 'EGP 60.00'],
    ]);
    // the console's amounts are the receipt's, to the cent
    const amounts = await order.getByTestId('order-amounts').innerText();
    for (const label of ['المجموع الفرعي', 'الضريبة', 'الشحن', 'الإجمالي'])
      expect(amounts).toContain(money(receipt[label] ?? Number.NaN));
    await snapPage(page, 'menus-orders-en');

    // the badge stays current on the other tabs
    await page.getByRole('tab', { name: 'Data' }).click();
    await expect.poll(() => page.getByTestId('orders-count').textContent()).toBe('1');
    await page.getByRole('tab', { name: /^Orders/ }).click();
    await order.waitFor();
    ids.orderNumber = orderNumber;
  });

  it('shows the list, the form, the data and the orders in Arabic, right to left', async () => {
    await switchLanguage(page, 'ar');
    await page.goto('/#/menus');
    await page.getByRole('heading', { name: 'القوائم' }).waitFor();
    await snapPage(page, 'menus-list-ar');
    await page.goto(`/#/menus/${ids.menu}/structure`);
    await page.getByRole('textbox', { name: 'اسم القائمة' }).waitFor();
    await page.getByTestId('field-row-price').waitFor();
    await snapPage(page, 'menus-form-ar');
    await page.getByRole('tab', { name: 'البيانات' }).click();
    await page.getByTestId('records-grid').getByText('Om Ali').waitFor();
    await snapPage(page, 'menus-data-ar');
    await page.getByRole('tab', { name: /^الطلبات/ }).click();
    const card = page.getByRole('article', { name: `الطلب ${ids.orderNumber}` });
    await card.getByText('منى عادل').waitFor();
    await snapPage(page, 'menus-orders-ar');

    // the owner confirms: the order leaves the list, the toast says so, and the sender is told
    await card.getByRole('button', { name: 'تأكيد' }).click();
    await page.getByText(`تم تأكيد الطلب ${ids.orderNumber}`).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByText('لا توجد طلبات قيد الانتظار').waitFor();
    await expect.poll(() => page.getByTestId('orders-count').textContent()).toBe('0');
    await snapPage(page, 'menus-orders-empty-ar');
    const { server, token } = session!;
    const pending = await callApi(server, 'GET', `/shopping_cart/orders/${ids.menu}`, { token });
    expect(pending.data).toEqual({ [ids.menu]: [] });

    // the customer's open conversation is told (the messenger asks for notices every 10 s)
    const notice = chat.locator('.bot-bubble', { hasText: `تم تأكيد طلبك ${ids.orderNumber}.` });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.count()).toBe(1);
    await snapMessenger(customer, chat, 'menus-widget-confirmed-ar');
  });

  it('shows the menu cards and the receipt in an English conversation, left to right', async () => {
    const context = await session!.browser.newContext({ viewport: { width: 1100, height: 860 } });
    context.setDefaultTimeout(15_000);
    const english = await openMessenger(context, host.url, 'en');
    const { chat: en } = english;
    expect(await en.locator('html').getAttribute('dir')).toBe('ltr');
    await en.locator('textarea').fill('show me the menu');
    await en.locator('.send-button').click();
    const molokhia = en.locator('.card', { hasText: 'Molokhia' });
    await molokhia.getByText('With chicken · 120.00 EGP').waitFor();
    await expect.poll(() => en.locator('.cards .card').count()).toBe(3);
    await shown(en.locator('.card', { hasText: 'Koshari' }).locator('img.card-media'));
    await snapMessenger(english.page, en, 'menus-widget-cards-en');
    await molokhia.getByRole('button', { name: 'Add to cart' }).click();
    // a variable's prompt has no versions in other languages: it is asked as the owner wrote it
    await expect.poll(() => lastBotText(en).textContent()).toBe('كم العدد؟');
    await say(en, '3', 'Anything else?');
    await en.locator('.chip', { hasText: 'View cart' }).click();
    const cart = en.locator('.receipt').last();
    await cart.waitFor();
    expect(await cart.locator('.receipt-heading').innerText()).toBe('Receipt');
    expect(await cart.locator('.receipt-item').allInnerTexts()).toEqual([
      expect.stringMatching(/Molokhia\s+3 × 120\.00 EGP\s+360\.00 EGP/),
    ]);
    // 14 % of 360.00 is 50.40; 2.5 % is 9.00
    expect(await receiptAmounts(cart)).toMatchObject({ Subtotal: 360, Tax: 50.4, Shipping: 9, Total: 419.4 });
    await en.getByRole('button', { name: 'Order now' }).waitFor();
    await cart.scrollIntoViewIfNeeded();
    await snapMessenger(english.page, en, 'menus-widget-receipt-en');
    await context.close();
  });
});
