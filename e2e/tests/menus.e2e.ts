import type { ReceiptMessage } from '@hiwar/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import type { RunningServer } from '../support/server.ts';

// Issue #12 items 1 and 4, the console's side: a menu with three items, tax and shipping built through the
// screens; its Orders tab (the empty state, the badge); an order made in an Arabic conversation on the web
// messenger's API appears in the open orders screen within 5 s with the badge, as the receipt said, and is
// confirmed there (the sender is told); the list, the form, the data and the orders in English and Arabic.
const owner = {
  username: 'hala_kitchen',
  fullname: 'Hala Mostafa',
  email: 'hala@example.com',
  password: 'secret-pass-1',
};
const items = [
  { title: 'Koshari', tags: 'mains', subtitle: 'Rice, lentils and pasta', price: '45.5' },
  { title: 'Molokhia', tags: 'mains', subtitle: 'With chicken', price: '120' },
  { title: 'Om Ali', tags: 'desserts', subtitle: 'Warm pastry with milk and nuts', price: '60' },
];
const ids = { menu: 0, addCommand: 0, orderCommand: 0, bot: '', orderNumber: '' };
const sender = 4242;

const routeReaches = (page: Page, route: RegExp) => expect.poll(() => page.url()).toMatch(route);
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function addItem(page: Page, item: (typeof items)[number]) {
  await page.getByRole('button', { name: 'Add record' }).click();
  const form = page.getByRole('form', { name: 'Add a record' });
  await form.waitFor();
  await form.getByRole('textbox', { name: 'title', exact: true }).fill(item.title);
  const tags = form.getByLabel('tags', { exact: true });
  await tags.fill(item.tags);
  await tags.press('Enter');
  await form.getByRole('textbox', { name: 'subtitle', exact: true }).fill(item.subtitle);
  await form.getByRole('textbox', { name: 'price', exact: true }).fill(item.price);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByTestId('records-grid').getByText(item.title, { exact: true }).waitFor();
}

type Reply = Record<string, unknown> & { type: string };

/** The owner's bot (through the API, as the console's response editor would save it): add to cart and order. */
async function buildCartCommands(server: RunningServer, token: string) {
  const { id: serviceId } = await callApi(server, 'POST', '/service/save', {
    token,
    body: { service_name: 'المطبخ' },
  });
  const command = async (name: string) =>
    (
      await callApi(server, 'POST', `/command/save/${serviceId}/0`, {
        token,
        body: { command_name: name, command_lang: 'ar' },
      })
    ).id as number;
  const variable = async (commandId: number, order: number, name: string, prompt: string) =>
    (
      await callApi(server, 'POST', `/command_var/save/0/${commandId}`, {
        token,
        body: { var_name: name, var_type: 'text', var_val_text: 'x', var_prompt: prompt, var_order: order },
      })
    ).id as number;
  const saveResponse = (commandId: number, record: Record<string, unknown>) =>
    callApi(server, 'POST', `/command_response/save/${commandId}`, { token, body: { record } });

  ids.addCommand = await command('أضف إلى السلة');
  await variable(ids.addCommand, 1, 'item', 'أي صنف؟');
  const quantity = await variable(ids.addCommand, 2, 'qty', 'كم العدد؟');
  await saveResponse(ids.addCommand, {
    resp_type: 'shopping_cart',
    resp_menu_id: ids.menu,
    resp_cart_action: 'insert',
    resp_cart_title: '{{item}}',
    resp_cart_quantity: quantity,
  });
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
  ids.bot = (await callApi(server, 'GET', '/chatbot/browse', { token })).user_token as string;
}

/** One message of the sender to the bot, as the web messenger sends it; the bot's replies. */
async function send(server: RunningServer, event: Record<string, unknown>): Promise<Reply[]> {
  const answer = await fetch(`${server.url}/widget/api/${ids.bot}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sender_id: sender, event, locale: 'ar' }),
  });
  const json = (await answer.json()) as { status: number; replies: Reply[] };
  if (!answer.ok || json.status !== 1)
    throw new Error(`widget message: ${answer.status} ${JSON.stringify(json)}`);
  return json.replies;
}

const texts = (replies: Reply[]) => replies.map((reply) => reply.text);

describe('menus', () => {
  let session: SignedInConsole | undefined;
  let page: Page;

  beforeAll(async () => {
    session = await openSignedInConsole(owner);
    ({ page } = session);
  });

  afterAll(async () => {
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
    for (const item of items) await addItem(page, item);
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

  it('shows an order made in an Arabic conversation within 5 s, with the badge, as the receipt said', async () => {
    const { server, token } = session!;
    await buildCartCommands(server, token);
    const records = await callApi(server, 'POST', '/dataset/get-with-keys', {
      token,
      body: { ds_id: ids.menu, page: 1 },
    });
    const recordId = (title: string) =>
      (records.data as { _id: number; title: string }[]).find((record) => record.title === title)?._id;

    await page.getByTestId(`menu-row-${ids.menu}`).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('tab', { name: /^Orders/ }).click();
    await page.getByText('No pending orders').waitFor();

    // the sender taps the cards' add-to-cart buttons, answers the quantities, then orders
    expect(
      texts(
        await send(server, {
          type: 'postback',
          payload: `cmd:${ids.addCommand}?item=${recordId('Koshari')}`,
        }),
      ),
    ).toEqual(['كم العدد؟']);
    await send(server, { type: 'text', text: '2' });
    await send(server, { type: 'postback', payload: `cmd:${ids.addCommand}?item=${recordId('Om Ali')}` });
    await send(server, { type: 'text', text: '1' });
    expect(texts(await send(server, { type: 'postback', payload: `cmd:${ids.orderCommand}` }))).toEqual([
      'ما اسمك؟',
    ]);
    await send(server, { type: 'text', text: 'منى عادل' });
    await send(server, { type: 'text', text: '0100 123 4567' });
    const ordered = await send(server, { type: 'text', text: 'شارع التحرير 12، القاهرة' });
    const orderedAt = Date.now();
    const receipt = ordered.find((reply) => reply.type === 'receipt') as unknown as ReceiptMessage;
    expect(receipt.order_number).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(receipt.subtotal).toBe(151);

    // the screen polls every 5000 ms: the order is there within 5 s (and a little for the request itself)
    const card = page.getByRole('article', { name: `Order ${receipt.order_number}` });
    await card.waitFor({ timeout: 6_500 });
    expect(Date.now() - orderedAt).toBeLessThan(6_500);
    await expect.poll(() => page.getByTestId('orders-count').textContent()).toBe('1');
    await card.getByText('منى عادل').waitFor();
    await card.getByText('0100 123 4567').waitFor();
    await card.getByText('شارع التحرير 12، القاهرة').waitFor();
    const money = (amount: number) =>
      `EGP ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const rows = await card.getByTestId('order-items').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t'))).toEqual([
      ['Koshari', '2', 'EGP 45.50', 'EGP 91.00'],
      ['Om Ali', '1', 'EGP 60.00', 'EGP 60.00'],
    ]);
    const amounts = await card.getByTestId('order-amounts').innerText();
    for (const amount of [receipt.subtotal, receipt.tax, receipt.shipping, receipt.total])
      expect(amounts).toContain(money(amount));
    expect(receipt.tax).toBe(21.14);
    expect(receipt.total).toBeCloseTo(151 + 21.14 + receipt.shipping, 2);
    await snapPage(page, 'menus-orders-en');

    // the badge stays current on the other tabs
    await page.getByRole('tab', { name: 'Data' }).click();
    await expect.poll(() => page.getByTestId('orders-count').textContent()).toBe('1');
    await page.getByRole('tab', { name: /^Orders/ }).click();
    await card.waitFor();
    ids.orderNumber = receipt.order_number ?? '';
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
    const notices = await fetch(`${server.url}/widget/api/${ids.bot}/notices?sender_id=${sender}`);
    expect(JSON.stringify(await notices.json())).toContain(ids.orderNumber);
  });
});
