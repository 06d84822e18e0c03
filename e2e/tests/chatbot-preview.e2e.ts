import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerOwner, waitForModel } from '../support/api.ts';
import { launchBrowser, switchLanguage } from '../support/browser.ts';
import { screenshotDir } from '../support/paths.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const owner = {
  username: 'preview_owner',
  fullname: 'Preview Owner',
  email: 'preview@example.com',
  password: 'secret-pass-1',
};

/** A bakery with one command, "opening_hours", that answers its hours. */
async function seedBakery(server: RunningServer, token: string) {
  const post = (path: string, body: unknown) => callApi(server, 'POST', path, { token, body });
  const service = await post('/service/save', { service_name: 'Bakery' });
  const command = await post(`/command/save/${service.id}/0`, {
    command_name: 'opening_hours',
    command_lang: 'en',
  });
  for (const text of ['opening hours', 'when do you open', 'what time do you open', 'are you open today']) {
    await post('/command_example/save_example', { example_command_id: command.id, example_text: text });
  }
  await post(`/command_response/save/${command.id}`, {
    record: { resp_type: 'text', resp_text: 'We open every day at 7 in the morning.' },
  });
  await waitForModel(server, token);
}

describe('the chatbot screen’s live preview', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  const region = (name: string) => page.getByRole('region', { name });
  const messenger = (): FrameLocator => page.frameLocator('[data-testid="live-preview"]');
  const conversationCount = async () =>
    ((await callApi(server, 'GET', '/conversations', { token })).data as unknown[]).length;

  async function shoot(name: string) {
    // the drawer slides in: wait for the finite animations before the picture
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  }

  beforeAll(async () => {
    server = await startServer();
    token = await registerOwner(server, owner);
    await seedBakery(server, token);
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    await context.addInitScript((saved) => localStorage.setItem('hiwar_token', saved), token);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the unsaved welcome and colour in the real messenger, which answers through the test chat', async () => {
    await page.goto('/#/chatbot');
    const appearance = region('Web Messenger Settings');
    await appearance
      .getByRole('textbox', { name: 'Welcome message' })
      .first()
      .fill('Fresh bread every morning!');
    await appearance.getByRole('textbox', { name: 'Main colour' }).fill('#AA3300');

    await page.getByRole('button', { name: 'Preview changes' }).click();
    const frame = messenger();
    await expect
      .poll(() => frame.locator('.bot-bubble').first().textContent())
      .toBe('Fresh bread every morning!');
    await expect
      .poll(() => frame.locator('.header').evaluate((header) => getComputedStyle(header).backgroundColor))
      .toBe('rgb(170, 51, 0)');

    await frame.locator('textarea').fill('when do you open');
    await frame.locator('textarea').press('Enter');
    await frame.getByText('We open every day at 7 in the morning.').waitFor();

    // a test turn: in the owner's test chat, not among the conversations
    expect(await conversationCount()).toBe(0);
    const history = await callApi(server, 'GET', '/test_chat/history', { token });
    expect((history.data as { turns: unknown[] }).turns).toHaveLength(1);

    // a field changed while the preview is open is drawn at once, the conversation kept
    await region('Main Info').getByRole('textbox', { name: 'Chatbot name' }).fill('Sunrise Bakery');
    await expect.poll(() => frame.locator('.header-name').textContent()).toBe('Sunrise Bakery');
    expect(await frame.locator('.user-bubble').allTextContents()).toEqual(['when do you open']);
    await shoot('chatbot-preview-en');

    // nothing was saved: the messenger's own settings are still the saved ones
    const browse = await callApi(server, 'GET', '/chatbot/browse', { token });
    const saved = browse.data as { messenger_settings: { welcome_msg: string; main_color: string } };
    expect(saved.messenger_settings.welcome_msg).not.toBe('Fresh bread every morning!');
    expect(saved.messenger_settings.main_color).not.toBe('#AA3300');

    // the real widget API's turns are conversations (the list above was empty for the right reason)
    const bot = String(browse.user_token);
    const widgetAnswer = await fetch(`${server.url}/widget/api/${bot}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sender_id: 424242, event: { type: 'text', text: 'when do you open' } }),
    });
    expect(widgetAnswer.status).toBe(200);
    await expect.poll(conversationCount).toBe(1);
  });

  it('draws Arabic right to left and starts over on reset', async () => {
    const appearance = region('Web Messenger Settings');
    await appearance.getByRole('combobox', { name: 'Default language' }).click();
    await page.getByRole('option', { name: 'Arabic', exact: true }).click();
    await appearance
      .getByRole('textbox', { name: 'Welcome message' })
      .first()
      .fill('أهلًا بكم في مخبز الشروق!');
    const frame = messenger();
    await expect.poll(() => frame.locator('html').getAttribute('dir')).toBe('rtl');
    await expect
      .poll(() => frame.locator('.bot-bubble').first().textContent())
      .toBe('أهلًا بكم في مخبز الشروق!');
    expect(await frame.locator('textarea').getAttribute('placeholder')).toBe('اكتب رسالة…');

    // the drawer covers the header's language menu: close it, switch, open it again (the values stay unsaved)
    await page.getByRole('button', { name: 'Close the preview' }).click();
    await switchLanguage(page, 'ar');
    await page.getByRole('button', { name: 'معاينة التغييرات' }).click();
    await expect
      .poll(() => frame.locator('.bot-bubble').first().textContent())
      .toBe('أهلًا بكم في مخبز الشروق!');
    // the test chat's conversation comes back with the preview
    await expect.poll(() => frame.locator('.user-bubble').count()).toBe(1);
    await frame.getByText('We open every day at 7 in the morning.').waitFor();
    await shoot('chatbot-preview-ar');

    await page.getByRole('button', { name: 'إعادة البدء' }).click();
    await expect.poll(() => frame.locator('.user-bubble').count()).toBe(0);
    const history = await callApi(server, 'GET', '/test_chat/history', { token });
    expect((history.data as { turns: unknown[] }).turns).toHaveLength(0);
    expect(await frame.locator('.bot-bubble').first().textContent()).toBe('أهلًا بكم في مخبز الشروق!');
  });
});
