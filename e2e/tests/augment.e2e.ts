import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerOwner } from '../support/api.ts';
import { launchBrowser, snapPage } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const owner = {
  username: 'augment_owner',
  fullname: 'Augment Owner',
  email: 'augment@example.com',
  password: 'secret-pass-1',
};
/** Misspellings the dialog used to offer ("wehn are you opens please"). */
const TYPO_SHAPES = /\b(wehn|whens|opens|oppen)\b/;

/** A service with an English and an Arabic command, each with one example; answers the paths of their tabs. */
async function seedCommands(server: RunningServer, token: string): Promise<{ en: string; ar: string }> {
  const service = await callApi(server, 'POST', '/service/save', {
    body: { service_name: 'Pizzeria' },
    token,
  });
  const paths: Record<string, string> = {};
  for (const [lang, name, example] of [
    ['en', 'opening_hours', 'when are you open'],
    ['ar', 'طلب_بيتزا', 'اريد اطلب بيتزا'],
  ]) {
    const command = await callApi(server, 'POST', `/command/save/${service.id}/0`, {
      body: { command_name: name, command_lang: lang },
      token,
    });
    await callApi(server, 'POST', '/command_example/save_example', {
      body: { example_command_id: command.id, example_text: example },
      token,
    });
    paths[lang ?? ''] = `/#/services/${service.id}/commands/${command.id}/examples`;
  }
  return { en: paths.en ?? '', ar: paths.ar ?? '' };
}

describe('the Augments dialog', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let paths: { en: string; ar: string };

  beforeAll(async () => {
    server = await startServer();
    const token = await registerOwner(server, owner);
    paths = await seedCommands(server, token);
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((saved) => localStorage.setItem('hiwar_token', saved), token);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openAugments(button: string) {
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('augment-suggestions').waitFor();
    return dialog;
  }

  it('offers fluent English rephrasings, says how different in plain words and leaves typos off', async () => {
    await page.goto(paths.en);
    const dialog = await openAugments('Augment');
    const suggestions = await dialog.getByTestId('augment-suggestions').locator('label').allTextContents();
    expect(suggestions.length).toBeGreaterThan(1);
    for (const text of suggestions) expect(text).not.toMatch(TYPO_SHAPES);
    expect(await dialog.getByLabel('How different (%)').inputValue()).toBe('35');
    expect(await dialog.getByText('Lev min ratio').count()).toBe(0);
    expect(await dialog.getByLabel('Include typing mistakes').isChecked()).toBe(false);
    await snapPage(page, 'augment-dialog-en');
  });

  it('rephrases an Arabic example in Arabic, right to left, in the Arabic console', async () => {
    await context.addCookies([{ name: '_al', value: 'ar', url: server.url }]);
    await page.goto(paths.ar);
    await page.reload();
    const dialog = await openAugments('توسيع');
    const first = dialog.getByTestId('augment-suggestions').locator('input[type=checkbox]').first();
    expect(await first.evaluate((input) => input.closest('[dir]')?.getAttribute('dir'))).toBe('rtl');
    const suggestions = await dialog.getByTestId('augment-suggestions').locator('label').allTextContents();
    for (const text of suggestions) expect(text).toMatch(/[\u0600-\u06FF]/);
    expect(await dialog.getByLabel('مقدار الاختلاف (%)').inputValue()).toBe('35');
    await snapPage(page, 'augment-dialog-ar');
  });
});
