import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerOwner, signInThroughConsole } from '../support/api.ts';
import { launchBrowser, snapPage } from '../support/browser.ts';
import { newConsolePage, switchLanguage } from '../support/console.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// The list-variable editor, text direction and digits in both languages, the
// messenger snippets, and screens that load by route.
const owner = {
  username: 'salma_pizza',
  fullname: 'Salma Nour',
  email: 'salma@example.com',
  password: 'secret-pass-1',
};
const arabicExample = 'أريد بيتزا كبيرة من فضلك';
const englishExample = 'a large pizza please';
const ids = { service: 0, command: 0, variable: 0 };
const commandPath = () => `/#/services/${ids.service}/commands/${ids.command}`;

const directionOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).direction);

const valueRows = (page: Page) => page.getByTestId('variable-form').getByTestId('list-value-row');

describe('authoring polish: list values, right to left, digits, snippets', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newConsolePage(browser, server);
    token = await registerOwner(server, owner);
    const service = await callApi(server, 'POST', '/service/save', {
      token,
      body: { service_name: 'Pizza shop', service_description: 'Orders in Arabic and English' },
    });
    ids.service = Number(service.id);
    const command = await callApi(server, 'POST', `/command/save/${ids.service}/0`, {
      token,
      body: { command_name: 'order pizza', command_description: '', command_lang: 'en' },
    });
    ids.command = Number(command.id);
    for (const [text, lang] of [
      [englishExample, 'en'],
      [arabicExample, 'ar'],
    ])
      await callApi(server, 'POST', '/command_example/save_example', {
        token,
        body: { example_command_id: ids.command, example_text: text, example_lang: lang, example_status: 1 },
      });
    // stored the old way: one value in the values list, another only as a label's keyword
    const variable = await callApi(server, 'POST', `/command_var/save/0/${ids.command}`, {
      token,
      body: {
        var_name: 'size',
        var_type: 'list',
        var_val_list: ['large'],
        var_labels: [{ keyword: 'small', syns: ['little', 'صغيرة'] }],
      },
    });
    ids.variable = Number(variable.id);
    await signInThroughConsole(page, owner);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads no screen with the first load: the page preloads only the frame, screens come by route', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const firstLoad = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"/g)].map(
      (match) => match[1],
    );
    expect(firstLoad.length).toBeGreaterThan(0);
    // screen chunks are named after their files (dashboard-page-<hash>.js, variables-<hash>.js …)
    expect(
      firstLoad.filter((path) => /(page|panels|variables|overlays)-[\w-]{8}\.js$/.test(path ?? '')),
    ).toEqual([]);
    await page.goto(`${commandPath()}/variables/${ids.variable}`);
    await expect.poll(() => valueRows(page).count()).toBe(2);
  });

  it('opens a variable stored the old way with each value once and its synonyms in its row', async () => {
    const rows = valueRows(page);
    expect(await rows.nth(0).getByLabel('Value', { exact: true }).inputValue()).toBe('large');
    expect(await rows.nth(1).getByLabel('Value', { exact: true }).inputValue()).toBe('small');
    expect(await rows.nth(1).locator('.mantine-TagsInput-pill').allTextContents()).toEqual([
      'little',
      'صغيرة',
    ]);
  });

  it('adds a value by typing it once, gives it synonyms in place and saves what list extraction reads', async () => {
    const form = page.getByTestId('variable-form');
    const newValue = form.getByLabel('New value', { exact: true });
    await newValue.fill('medium');
    await newValue.press('Enter');
    expect(page.url()).toMatch(new RegExp(`variables/${ids.variable}$`));
    await expect.poll(() => valueRows(page).count()).toBe(3);
    const synonyms = valueRows(page).nth(2).getByLabel('Synonyms');
    await synonyms.fill('regular');
    await synonyms.press('Enter');
    await synonyms.fill('وسط');
    await synonyms.press('Enter');
    // an Arabic synonym is typed right to left even in the English console
    await synonyms.fill('متوسطة');
    expect(await synonyms.getAttribute('dir')).toBe('auto');
    expect(await directionOf(synonyms)).toBe('rtl');
    await synonyms.press('Enter');
    await snapPage(page, 'rtl-polish-list-variable-en');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Variable Saves Successfully').first().waitFor();

    const stored = await callApi(server, 'GET', `/command_var/browse/${ids.variable}`, { token });
    expect(stored.data).toMatchObject({
      var_val_list: ['large', 'small', 'medium'],
      var_labels: [
        { keyword: 'small', syns: ['little', 'صغيرة'] },
        { keyword: 'medium', syns: ['regular', 'وسط', 'متوسطة'] },
      ],
    });
  });

  it('lays each service-wide example out in its own direction in the English console', async () => {
    await page.goto(`/#/services/${ids.service}/commands`);
    const list = page.getByTestId('service-examples');
    const arabic = list.getByText(arabicExample);
    await arabic.waitFor();
    expect(await directionOf(arabic)).toBe('rtl');
    expect(await directionOf(list.getByText(englishExample))).toBe('ltr');
    const arabicRow = list.getByTestId('service-example').filter({ hasText: arabicExample });
    const rowBox = await arabicRow.boundingBox();
    const textBox = await arabic.boundingBox();
    // the Arabic row starts at the right edge of the list, not the left
    expect(rowBox && textBox && rowBox.x + rowBox.width - (textBox.x + textBox.width)).toBeGreaterThan(30);
    await snapPage(page, 'rtl-polish-service-examples-en');
  });

  it('writes an Arabic response right to left and English text left to right in the Arabic console', async () => {
    await switchLanguage(page, 'ar');
    await page.goto(`/#/scenario?service=${ids.service}&command=${ids.command}`);
    const reply = page.getByRole('textbox', { name: 'نص الرد' });
    // empty, the box keeps the Arabic console's direction; typed, it follows its text
    expect(await directionOf(reply)).toBe('rtl');
    await reply.fill('أي حجم تريد؟');
    expect(await directionOf(reply)).toBe('rtl');
    await reply.fill('Which size would you like?');
    expect(await directionOf(reply)).toBe('ltr');
    await snapPage(page, 'rtl-polish-response-ar');

    await page.goto(`${commandPath()}/variables/${ids.variable}`);
    await expect.poll(() => valueRows(page).count()).toBe(3);
    const large = valueRows(page).nth(0).getByLabel('القيمة', { exact: true });
    expect(await directionOf(large)).toBe('ltr');
    // an empty field keeps the console's direction: its placeholder stays on the right
    expect(await directionOf(page.getByLabel('قيمة جديدة', { exact: true }))).toBe('rtl');
    await snapPage(page, 'rtl-polish-list-variable-ar');
  });

  it('writes every number on the Arabic dashboard in one digit style', async () => {
    await page.goto('/#/dashboard');
    const commands = page.getByTestId('stat-commands');
    await expect.poll(() => page.getByTestId('stat-commands-count').textContent()).toBe('1');
    const texts = await page.locator('main').allInnerTexts();
    expect(texts.join(' ')).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    expect(await commands.innerText()).toContain('1 من 500');
    await snapPage(page, 'rtl-polish-dashboard-ar');
  });

  it('shows the same messenger snippets on every load, with the placeholders its hints name', async () => {
    await switchLanguage(page, 'en');
    const snippetAfterLoad = async () => {
      await page.goto('about:blank');
      await page.goto('/#/chatbot');
      const iframe = page.getByRole('textbox', { name: 'Iframe snippet' });
      await expect.poll(() => iframe.inputValue()).toContain('frame.html');
      return iframe.inputValue();
    };
    const first = await snippetAfterLoad();
    expect(await snippetAfterLoad()).toBe(first);
    expect(first).toContain('sender=SENDER_ID&locale=LOCALE');
    await page.getByText(/Replace SENDER_ID with your visitor's id/).waitFor();
  });
});
