import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerOwner, signInThroughConsole } from '../support/api.ts';
import { launchBrowser, snapPage } from '../support/browser.ts';
import { screenshotDir } from '../support/paths.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const owner = {
  username: 'rania_baker',
  fullname: 'Rania Aziz',
  email: 'rania@example.com',
  password: 'secret-pass-1',
};
const botName = 'Sunrise Bakery';
const options = [
  { label: 'Menu', val: 'show menu' },
  { label: 'Hours', val: 'opening hours' },
];

const region = (page: Page, name: string) => page.getByRole('region', { name });

async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addFallbackOption(page: Page, option: { label: string; val: string }) {
  await region(page, 'Main Info').getByRole('button', { name: 'Add option' }).click();
  const dialog = page.getByRole('dialog', { name: 'New option' });
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill(option.label);
  await dialog.getByLabel('Value').fill(option.val);
  await dialog.getByRole('button', { name: 'Save option' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function optionRows(page: Page): Promise<string[][]> {
  const rows = region(page, 'Main Info').getByRole('table', { name: 'Fallback options' }).locator('tbody tr');
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
  );
  return cells.map((row) => row.slice(0, 2));
}

/** The first-level menu items of the default menu, as title inputs in order. */
const menuItems = (page: Page) => region(page, 'Persistent Menu').locator('[data-menu-level="1"]');

async function addMenuItem(page: Page, title: string): Promise<Locator> {
  const menu = region(page, 'Persistent Menu');
  const count = await menuItems(page).count();
  await menu.getByRole('button', { name: 'Add item' }).click();
  const item = menuItems(page).nth(count);
  await item.getByLabel('Title (level 1)').fill(title);
  return item;
}

async function saveChanges(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
}

describe('the chatbot settings screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let saveCalls = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chatbot/save')) saveCalls += 1;
    });
    token = await registerOwner(server, owner);
    await signInThroughConsole(page, owner);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets the name and an options fallback, refusing a duplicate option label silently', async () => {
    await page.goto('/#/chatbot');
    await page.getByTestId('chatbot-form').waitFor();
    const main = region(page, 'Main Info');
    await main.getByLabel('Chatbot name').fill(botName);
    await pickOption(page, main.getByRole('combobox', { name: 'Fallback type' }), 'Options');
    await main
      .getByRole('textbox', { name: 'Fallback message', exact: true })
      .fill('Sorry, I did not get that. Pick one:');
    for (const option of options) await addFallbackOption(page, option);
    await addFallbackOption(page, { label: 'Menu', val: 'duplicate' });
    expect(await optionRows(page)).toEqual(options.map((option) => [option.label, option.val]));
    // the owner's own words that end a question, beside the built-in ones
    const exitWords = main.getByLabel('Words that end a question');
    await exitWords.fill('basta');
    await exitWords.press('Enter');
  });

  it('turns the start button on with its label and postback', async () => {
    const start = region(page, 'Start Button');
    const status = start.getByRole('switch', { name: 'Show a start button' });
    expect(await start.getByLabel('Button label').count()).toBe(0);
    // from the keyboard: the console's fixed header can cover a control Playwright scrolled to the top edge
    await status.press('Space');
    await expect.poll(() => status.isChecked()).toBe(true);
    await start.getByLabel('Button label').fill('Get started');
    await start.getByLabel('Postback').fill('start');
  });

  it('builds a persistent menu with a postback and a web link, refusing an invalid url', async () => {
    const hours = await addMenuItem(page, 'Opening hours');
    await hours.getByLabel('Postback').fill('opening hours');
    const site = await addMenuItem(page, 'Our website');
    await pickOption(page, site.getByRole('combobox', { name: 'Type' }), 'Web link');
    await site.getByLabel('Url').fill('example dot com');
    const callsBefore = saveCalls;
    await saveChanges(page);
    await site.getByText('the url field is not a valid url').waitFor();
    expect(saveCalls).toBe(callsBefore);
    await site.getByLabel('Url').fill('https://example.com/');
  });

  it('refuses a messenger height of 800 and keeps the width and height it accepts', async () => {
    const messenger = region(page, 'Web Messenger Settings');
    const height = messenger.getByLabel('Height');
    await messenger.getByLabel('Width').fill('420');
    await height.fill('800');
    await height.blur();
    await expect.poll(() => height.inputValue()).toBe('700 px');
    await height.fill('560');
    await height.blur();
  });

  it('words a built-in message in Arabic, refusing a placeholder the text does not have', async () => {
    const texts = region(page, 'Built-in messages');
    await texts.getByText('Arabic', { exact: true }).click();
    await texts.getByRole('button', { name: /Questions the bot asks/ }).click();
    const ended = texts.getByLabel('The customer stopped a question');
    expect(await ended.getAttribute('placeholder')).toBe('حسناً، توقفت عن السؤال. كيف يمكنني مساعدتك؟');
    await ended.fill('تمام، لن أسأل بعد الآن.');
    await texts.getByRole('button', { name: /Menu and cart/ }).click();
    const added = texts.getByLabel('An item was added');
    await texts.getByText('Keep in the text: \u2066{title} {quantity}\u2069').waitFor();
    await added.fill('أضفنا {dish} إلى سلتك');
    const callsBefore = saveCalls;
    await saveChanges(page);
    await texts.getByText('Use only the {placeholders} this text lists').waitFor();
    expect(saveCalls).toBe(callsBefore);
    await added.fill('أضفنا {title} × {quantity} إلى سلتك');
    await texts.getByText('Changed: 1').first().waitFor();
    await texts.screenshot({ path: join(screenshotDir, 'chatbot-texts-en.png') });
  });

  it('saves, and shows every value again after a reload', async () => {
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/chatbot/save'));
    await saveChanges(page);
    expect(await (await saved).json()).toEqual({ status: 1, msg: 'successfully updated' });
    await page.getByText('successfully updated').first().waitFor();
    await page.reload();
    await page.getByTestId('chatbot-form').waitFor();

    const main = region(page, 'Main Info');
    expect(await main.getByLabel('Chatbot name').inputValue()).toBe(botName);
    await main.getByText('basta', { exact: true }).waitFor();
    expect(await main.getByRole('combobox', { name: 'Fallback type' }).inputValue()).toBe('Options');
    expect(await optionRows(page)).toEqual(options.map((option) => [option.label, option.val]));
    const start = region(page, 'Start Button');
    expect(await start.getByRole('switch', { name: 'Show a start button' }).isChecked()).toBe(true);
    expect(await start.getByLabel('Button label').inputValue()).toBe('Get started');
    expect(await start.getByLabel('Postback').inputValue()).toBe('start');

    await expect.poll(() => menuItems(page).count()).toBe(2);
    const [hours, site] = [menuItems(page).nth(0), menuItems(page).nth(1)];
    expect(await hours.getByLabel('Title (level 1)').inputValue()).toBe('Opening hours');
    expect(await hours.getByLabel('Postback').inputValue()).toBe('opening hours');
    expect(await site.getByLabel('Title (level 1)').inputValue()).toBe('Our website');
    expect(await site.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Web link');
    expect(await site.getByLabel('Url').inputValue()).toBe('https://example.com/');

    const texts = region(page, 'Built-in messages');
    await texts.getByText('Arabic', { exact: true }).click();
    await texts.getByRole('button', { name: /Questions the bot asks/ }).click();
    expect(await texts.getByLabel('The customer stopped a question').inputValue()).toBe(
      'تمام، لن أسأل بعد الآن.',
    );
    // the other languages keep their defaults
    await texts.getByText('English', { exact: true }).click();
    expect(await texts.getByLabel('The customer stopped a question').inputValue()).toBe('');

    const messenger = region(page, 'Web Messenger Settings');
    expect(await messenger.getByLabel('Width').inputValue()).toBe('420 px');
    expect(await messenger.getByLabel('Height').inputValue()).toBe('560 px');
  });

  it("shows the embed snippets with the bot's token and the placeholders their hints name", async () => {
    const browse = await callApi(server, 'GET', '/chatbot/browse', { token });
    const botToken = String(browse.user_token);
    expect(botToken.length).toBeGreaterThan(8);
    const messenger = region(page, 'Web Messenger Settings');
    const embed = await messenger.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
    const iframe = await messenger.getByRole('textbox', { name: 'Iframe snippet' }).inputValue();
    expect(embed).toContain(`data-bot="${encodeURIComponent(botToken)}"`);
    expect(embed).toContain('data-locale="LOCALE"');
    expect(iframe).toContain(`bot=${encodeURIComponent(botToken)}`);
    // the same text on every load: the page's author replaces the placeholders (or leaves them, see the hints)
    expect(iframe).toContain('sender=SENDER_ID&locale=LOCALE');
    await messenger.getByText(/Replace SENDER_ID with your visitor's id/).waitFor();
    await snapPage(page, 'chatbot-en');
  });

  it('lays the settings out right to left in Arabic', async () => {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-ar').click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await region(page, 'المعلومات الأساسية').waitFor();
    expect(await region(page, 'المعلومات الأساسية').getByRole('textbox').first().inputValue()).toBe(botName);
    await snapPage(page, 'chatbot-ar');
    const texts = region(page, 'الرسائل المدمجة');
    await texts.getByText('العربية', { exact: true }).click();
    await texts.getByRole('button', { name: /القائمة والسلة/ }).click();
    await texts.screenshot({ path: join(screenshotDir, 'chatbot-texts-ar.png') });
  });
});
