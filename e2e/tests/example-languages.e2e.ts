import { defaultChatbotSettings } from '@hiwar/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostSite, startHostSite } from '../../apps/widget/test-support/embedding-site.ts';
import { callApi, waitForModel } from '../support/api.ts';
import { snapPage, switchLanguage } from '../support/browser.ts';
import { openSignedInConsole } from '../support/console.ts';
import { openMessenger, say } from '../support/messenger.ts';
import type { RunningServer } from '../support/server.ts';

const owner = {
  username: 'example_languages',
  fullname: 'Example Languages',
  email: 'example-languages@example.com',
  password: 'secret-pass-1',
};

const ENGLISH_REPLY = 'We open at nine every morning.';
const ARABIC_REPLY = 'نفتح في التاسعة كل صباح.';

// An English command's Arabic examples typed into the console are Arabic examples, so an
// Arabic sender is understood in Arabic and gets the Arabic version of the reply.
describe('an example’s language is the language it is written in', () => {
  let server: RunningServer;
  let browser: Browser;
  let closeConsole: (() => Promise<void>) | undefined;
  let page: Page;
  let token: string;
  let host: HostSite;
  let serviceId: number;
  let commandId: number;

  const post = (path: string, body: unknown) => callApi(server, 'POST', path, { token, body });
  const saveReply = (langs?: { ar: string }) =>
    post(`/command_response/save/${commandId}`, {
      record: { resp_type: 'text', resp_text: ENGLISH_REPLY, ...(langs && { resp_text_langs: langs }) },
    });

  beforeAll(async () => {
    const signedIn = await openSignedInConsole(owner);
    ({ server, browser, page, token } = signedIn);
    closeConsole = signedIn.close;
    serviceId = Number((await post('/service/save', { service_name: 'Bakery' })).id);
    commandId = Number(
      (await post(`/command/save/${serviceId}/0`, { command_name: 'hours', command_lang: 'en' })).id,
    );
    await saveReply();
  });

  afterAll(async () => {
    host?.close();
    await closeConsole?.();
  });

  it('labels the examples typed into the console by their text, and warns that Arabic senders lack a reply', async () => {
    await page.goto(`/#/services/${serviceId}/commands/${commandId}/examples`);
    const list = page.getByTestId('examples-list');
    await list.getByText('no data').waitFor();
    for (const text of [
      'when are you open',
      'what are your opening hours',
      'متى تفتحون',
      'ما هي مواعيد العمل',
    ]) {
      await page.getByRole('button', { name: 'New Example' }).click();
      const row = list.getByTestId('example-row').first();
      await row.getByLabel('Example text').fill(text);
      await row.getByRole('button', { name: 'Save' }).click();
      await list.locator('[data-testid="example-row"][data-unsaved]').waitFor({ state: 'detached' });
    }
    const languageOf = (text: string) =>
      list.getByTestId('example-row').filter({ hasText: text }).getByTestId('example-lang').textContent();
    await expect.poll(() => languageOf('متى تفتحون')).toBe('AR');
    expect(await languageOf('ما هي مواعيد العمل')).toBe('AR');
    expect(await languageOf('when are you open')).toBe('EN');

    const warning = page.getByTestId('reply-language-warning');
    await expect.poll(() => warning.textContent()).toContain('Arabic senders will get the English reply');
    await expect
      .poll(() => page.getByTestId('model-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('up_to_date');
    await snapPage(page, 'example-languages-en');
    await switchLanguage(page, 'ar');
    await expect
      .poll(() => warning.textContent())
      .toContain('من يكتب باللغة العربية سيتلقى الرد باللغة الإنجليزية');
    await snapPage(page, 'example-languages-ar');
    await switchLanguage(page, 'en');
  });

  it('answers an Arabic sender in Arabic and an English one in English, in the test chat', async () => {
    await saveReply({ ar: ARABIC_REPLY });
    await page.reload();
    await page.getByTestId('examples-list').getByTestId('example-row').first().waitFor();
    expect(await page.getByTestId('reply-language-warning').count()).toBe(0);

    await page.getByTestId('test-chat-open').click();
    const input = page.getByTestId('test-chat-input');
    const answers = page.getByTestId('bot-answer');
    for (const [text, reply] of [
      ['متى تفتحون؟', ARABIC_REPLY],
      ['when are you open?', ENGLISH_REPLY],
    ] as const) {
      const before = await answers.count();
      await input.fill(text);
      await input.press('Enter');
      await expect.poll(() => answers.count()).toBe(before + 1);
      expect(await answers.last().textContent()).toContain(reply);
    }
  });

  it('does the same in the web messenger on another site', async () => {
    await waitForModel(server, token);
    host = await startHostSite();
    await post('/chatbot/save', { ...defaultChatbotSettings(), chatbot_name: 'Bakery' });
    const browse = await callApi(server, 'GET', '/chatbot/browse', { token });
    host.embedCode = (
      browse.data as { messenger_settings: { embed_code: string } }
    ).messenger_settings.embed_code;
    const visitor = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const { chat } = await openMessenger(visitor, host.url, 'en');
    await say(chat, 'متى تفتحون؟', ARABIC_REPLY);
    await say(chat, 'when are you open?', ENGLISH_REPLY);
    await visitor.close();
  });
});
