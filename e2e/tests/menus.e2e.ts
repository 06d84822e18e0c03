import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';

// Issue #12 items 1 and 4, the console's side: a menu with three items, tax and shipping built through the
// screens; its Orders tab (the empty state, the badge); the list, the form, the data and the orders in English
// and Arabic.
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
const ids = { menu: 0 };

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

  it('shows the list, the form, the data and the orders in Arabic, right to left', async () => {
    await switchLanguage(page, 'ar');
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
    await page.getByText('لا توجد طلبات قيد الانتظار').waitFor();
    await snapPage(page, 'menus-orders-empty-ar');
  });
});
