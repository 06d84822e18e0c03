import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, signInThroughConsole } from '../support/api.ts';
import { launchBrowser, snapPage, snapWindow } from '../support/browser.ts';
import { newConsolePage, switchLanguage } from '../support/console.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { expectToastsBelowHeader } from '../support/toasts.ts';

const owner = {
  username: 'omar_shop',
  fullname: 'Omar Haddad',
  email: 'omar@example.com',
  password: 'secret-pass-1',
};
/** A database of this test's own on the local MariaDB (root, no password), dropped at the end. */
const dbname = `hiwar_e2e_${randomBytes(4).toString('hex')}`;

function onMariaDb(sql: string) {
  execFileSync('mysql', ['-h', '127.0.0.1', '-P', '3306', '-u', 'root', '-e', sql]);
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('data sources', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    onMariaDb(
      `CREATE DATABASE ${dbname}; CREATE TABLE ${dbname}.customers (id INT PRIMARY KEY); ` +
        `CREATE TABLE ${dbname}.orders (id INT PRIMARY KEY);`,
    );
    // the guard refuses loopback unless the operator allow-lists it
    server = await startServer({ OUTBOUND_ALLOW: '127.0.0.1' });
    browser = await launchBrowser();
    page = await newConsolePage(browser, server);
    await registerOwner(server, owner);
    await signInThroughConsole(page, owner);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    onMariaDb(`DROP DATABASE IF EXISTS ${dbname}`);
  });

  it('creates a data source to the local MariaDB, saying why a wrong password failed, and sees its tables', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Data sources' }).click();
    await page.waitForURL(/#\/datasources$/);
    await page.getByRole('link', { name: 'Add data source' }).click();
    await page.getByRole('heading', { name: 'New data source' }).waitFor();

    // the port is there from the start and takes the driver's default when the driver is chosen
    expect(await field(page, 'Port').inputValue()).toBe('');
    await field(page, 'Name').fill('Shop database');
    await pickOption(page, page.getByRole('combobox', { name: 'Driver' }), 'PostgreSQL');
    expect(await field(page, 'Port').inputValue()).toBe('5432');
    await pickOption(page, page.getByRole('combobox', { name: 'Driver' }), 'MySQL');
    expect(await field(page, 'Port').inputValue()).toBe('3306');
    await field(page, 'Database name').fill(dbname);
    await field(page, 'Username').fill('root');

    // an address the operator has not allowed (only 127.0.0.1 is): refused, saying how to allow it
    await field(page, 'Host').fill('127.0.0.2');
    await page.getByRole('button', { name: 'Save' }).click();
    const failure = page.getByTestId('data-source-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toBe(
      "Connections to local or private addresses are not allowed. The server's operator can allow this address with OUTBOUND_ALLOW",
    );
    await snapPage(page, 'data-source-refused-en');
    await failure.getByRole('button').click();
    await failure.waitFor({ state: 'detached' });

    await field(page, 'Host').fill('127.0.0.1');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Save' }).click();
    await failure.waitFor();
    expect(await failure.textContent()).toContain('The username or password is wrong');
    await snapPage(page, 'data-source-failure-en');
    await failure.getByRole('button').click();
    await failure.waitFor({ state: 'detached' });

    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/datasources\/\d+$/);
    // saved twice: the two toasts stand one below the other under the header bar, at the top right, clear of
    // the breadcrumbs and the title (a pointer on a toast holds it, so the first waits for the second)
    const toasts = page.locator('.mantine-Notification-root');
    await toasts.getByText('successfully added').hover();
    await page.getByRole('button', { name: 'Save' }).click();
    await toasts.getByText('successfully updated').waitFor();
    await expectToastsBelowHeader(page, 'right', 2);
    await snapWindow(page, 'data-source-toasts-en');
    const tables = page.getByTestId('data-source-tables');
    await tables.getByText('orders').waitFor();
    expect(await tables.innerText()).toMatch(/customers\s+orders/);
    await snapPage(page, 'data-source-form-en');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/#\/datasources$/);
    const table = page.getByTestId('data-sources-table');
    await table.getByText('Shop database').waitFor();
    expect(await table.getByText(dbname).count()).toBe(1);
    await snapPage(page, 'data-sources-list-en');
  });

  it('shows the list and the form in Arabic, right to left', async () => {
    await switchLanguage(page, 'ar');
    const table = page.getByTestId('data-sources-table');
    await page.getByRole('heading', { name: 'مصادر البيانات' }).waitFor();
    await table.getByText('Shop database').waitFor();
    await snapPage(page, 'data-sources-list-ar');

    await table.getByRole('link', { name: 'تعديل' }).click();
    await page.getByRole('heading', { name: 'تعديل مصدر البيانات' }).waitFor();
    await page.getByTestId('data-source-tables').getByText('customers').waitFor();
    const password = page.getByLabel('كلمة المرور', { exact: true });
    expect(await password.getAttribute('placeholder')).toBeNull();
    await snapPage(page, 'data-source-form-ar');

    // a new wrong password: the server's reason in Arabic, and the stored connection left as it was
    await password.fill('wrong');
    await page.getByRole('button', { name: 'حفظ' }).click();
    const failure = page.getByTestId('data-source-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('اسم المستخدم أو كلمة المرور غير صحيحة');
    await snapPage(page, 'data-source-failure-ar');

    await page.getByRole('textbox', { name: 'الخادم', exact: true }).fill('10.0.0.1');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect
      .poll(() => failure.textContent())
      .toBe(
        'الاتصال بالعناوين المحلية أو الخاصة غير مسموح. يستطيع مشغّل الخادم السماح بهذا العنوان عبر OUTBOUND_ALLOW',
      );
    await snapPage(page, 'data-source-refused-ar');

    // the toast of a good save: top left in Arabic, under the header bar
    await failure.getByRole('button').click();
    await page.getByRole('textbox', { name: 'الخادم', exact: true }).fill('127.0.0.1');
    await password.fill('');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.locator('.mantine-Notification-root').getByText('تم التحديث بنجاح').waitFor();
    await expectToastsBelowHeader(page, 'left', 1);
    await snapWindow(page, 'data-source-toasts-ar');
  });
});
