import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForModel } from '../support/api.ts';
import { launchBrowser, snap } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const pizzaExamples = [
  'i want to order a pizza',
  'order a large pizza please',
  'can i get a pizza delivered',
  'i would like to order pizza',
];
const hoursExamples = [
  'when are you open',
  'what are your opening hours',
  'are you open on sunday',
  'what time do you close',
];
const arabicExamples = ['اريد ان اطلب بيتزا', 'اطلب بيتزا كبيرة من فضلك', 'ممكن بيتزا', 'عايز اطلب بيتزا'];

/** One API call as the console makes it; fails the test on anything but `status: 1`. */
async function call(server: RunningServer, path: string, body: object, token?: string) {
  const answer = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** An owner with a service of two English commands and one Arabic command, each with examples. */
async function seedOwner(server: RunningServer): Promise<string> {
  const password = 'secret-pass-1';
  await call(server, '/passport/register', {
    username: 'debug_owner',
    user_fullname: 'Debug Owner',
    user_email: 'debug@example.com',
    user_password: password,
    user_password_confirmation: password,
  });
  const login = await call(server, '/passport/login', { email: 'debug@example.com', password });
  const token = String(login.access_token);
  const service = await call(server, '/service/save', { service_name: 'Pizzeria' }, token);
  const commands: [string, string, string[]][] = [
    ['order_pizza', 'en', pizzaExamples],
    ['opening_hours', 'en', hoursExamples],
    ['طلب_بيتزا', 'ar', arabicExamples],
  ];
  for (const [name, lang, examples] of commands) {
    const command = await call(
      server,
      `/command/save/${service.id}/0`,
      { command_name: name, command_lang: lang },
      token,
    );
    for (const text of examples) {
      await call(
        server,
        '/command_example/save_example',
        { example_command_id: command.id, example_text: text },
        token,
      );
    }
  }
  await waitForModel(server, token);
  return token;
}

describe('debugger', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const input = () => page.getByTestId('debug-input');
  const matchedText = () => page.getByTestId('debug-matched').textContent();

  async function run(message: string) {
    await input().fill(message);
    await input().press('Enter');
    await expect
      .poll(() =>
        page
          .getByTestId('debug-json')
          .textContent()
          .catch(() => ''),
      )
      .toContain(message);
  }

  beforeAll(async () => {
    server = await startServer();
    const token = await seedOwner(server);
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((saved) => localStorage.setItem('hiwar_token', saved), token);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the command a message matches, in scope, with the recognition cards', async () => {
    await page.goto('/#/debugger');
    await run('can i order a large pizza');
    expect(await matchedText()).toContain('order_pizza');
    expect(await page.getByTestId('debug-scope').textContent()).toBe('In scope');
    expect(await page.getByTestId('debug-ai').textContent()).toContain('order a large pizza please');

    await run('when do you open on sunday');
    expect(await matchedText()).toContain('opening_hours');
    for (const card of ['debug-nlp', 'debug-variables', 'debug-conflicts', 'debug-sample']) {
      expect(await page.getByTestId(card).isVisible()).toBe(true);
    }
    await snap(page, 'debugger-en');
  });

  it('walks the message history with Up and Down, also after a reload', async () => {
    await input().press('ArrowUp');
    expect(await input().inputValue()).toBe('can i order a large pizza');
    await input().press('ArrowDown');
    expect(await input().inputValue()).toBe('when do you open on sunday');
    await input().press('ArrowDown');
    expect(await input().inputValue()).toBe('');

    await page.reload();
    await input().fill('half typed');
    await input().press('ArrowUp');
    expect(await input().inputValue()).toBe('when do you open on sunday');
    await input().press('ArrowDown');
    expect(await input().inputValue()).toBe('half typed');
  });

  it('runs an Arabic message in the Arabic console, right to left', async () => {
    await context.addCookies([{ name: '_al', value: 'ar', url: server.url }]);
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await run('ممكن اطلب بيتزا كبيرة');
    expect(await matchedText()).toContain('طلب_بيتزا');
    expect(await input().getAttribute('dir')).toBe('auto');
    await snap(page, 'debugger-ar');
  });
});
