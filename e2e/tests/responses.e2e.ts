import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostSite, startHostSite } from '../../apps/widget/test-support/embedding-site.ts';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

// An api response, a dataset response with NEARBY and cards and a mail action built in the
// response editor; the widget shows the live answers, the debugger the reply; an Arabic message to a bilingual
// command is answered in Arabic.
const owner = {
  username: 'layla_responses',
  fullname: 'Layla Hassan',
  email: 'layla@example.com',
  password: 'secret-pass-1',
};
/** Tahrir Square: where the visitor shares their location from */
const TAHRIR = { lat: 30.0444, lng: 31.2357 };
const branches = [
  { branch: 'Airport', place: { type: 'Point', coordinates: [31.4056, 30.1219], address: 'Terminal 3' } },
  {
    branch: 'Garden City',
    place: { type: 'Point', coordinates: [31.2357, 30.0534], address: 'Garden City' },
  },
  { branch: 'City Mall', place: { type: 'Point', coordinates: [31.346, 30.072], address: 'Nasr City' } },
];

/** A fake JSON API whose answer changes at every call: the live value proves the answer is fetched. */
function startFakeApi(): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((_request, response) => {
    calls += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ data: { title: `Fresh bread batch ${100 + calls}` } }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/special`, calls: () => calls });
    }),
  );
}

describe('the response editor, live answers and languages', () => {
  let session: SignedInConsole | undefined;
  let page: Page;
  let fakeApi: Awaited<ReturnType<typeof startFakeApi>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let host: HostSite;
  const ids = { service: 0, special: 0, nearby: 0, hello: 0, dataset: 0 };

  const api = (method: string, path: string, body?: unknown) =>
    callApi(session!.server, method, path, { body, token: session!.token });

  async function addCommand(name: string, lang: 'en' | 'ar', examples: string[], variable?: string) {
    const { id } = (await api('POST', `/command/save/${ids.service}/0`, {
      command_name: name,
      command_lang: lang,
    })) as unknown as { id: number };
    if (variable)
      await api('POST', `/command_var/save/0/${id}`, {
        var_name: variable,
        var_type: 'location',
        var_prompt: 'Where are you?',
        var_order: 1,
      });
    for (const example of examples)
      await api('POST', '/command_example/save_example', {
        example_command_id: id,
        example_text: example,
        example_lang: /\p{Script=Arabic}/u.test(example) ? 'ar' : 'en',
        example_vars: [],
      });
    return id;
  }

  /** Waits until the bot understands the message as the command (examples are learned in the background). */
  async function waitUntilUnderstood(message: string, commandId: number) {
    const deadline = Date.now() + 45_000;
    let matched: number | null = null;
    while (Date.now() < deadline) {
      const debug = (await api('GET', `/debug?message=${encodeURIComponent(message)}`)) as unknown as {
        data: { matched_command?: { command_id?: number } | null };
      };
      matched = debug.data.matched_command?.command_id ?? null;
      if (matched === commandId) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`"${message}" is not understood as command ${commandId} (matched ${String(matched)})`);
  }

  beforeAll(async () => {
    fakeApi = await startFakeApi();
    smtp = await startSmtpSink();
    session = await openSignedInConsole(owner, {
      OUTBOUND_ALLOW: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    ({ page } = session);
    ({ id: ids.service } = (await api('POST', '/service/save', { service_name: 'Bakery' })) as unknown as {
      id: number;
    });
    const saved = (await api('POST', '/dataset/save/0', {
      ds_name: 'Branches',
      ds_schema: [
        { name: 'branch', type: 'text', permission: 'rw' },
        { name: 'place', type: 'location', permission: 'rw' },
      ],
    })) as unknown as { data: { ds_id: number } };
    ids.dataset = saved.data.ds_id;
    for (const record of branches) await api('POST', '/dataset/insert_data', { schema: ids.dataset, record });
    ids.special = await addCommand('todays special', 'en', [
      "what is today's special",
      'todays special',
      'special of the day',
      'what do you bake today',
    ]);
    ids.nearby = await addCommand(
      'nearest branch',
      'en',
      ['nearest branch', 'where is your closest branch', 'branch near me', 'find a branch'],
      'here',
    );
    ids.hello = await addCommand('greeting', 'en', [
      'hello',
      'good morning',
      'hi there',
      'مرحبا',
      'صباح الخير',
      'السلام عليكم',
    ]);
    await waitUntilUnderstood("what is today's special", ids.special);
    await waitUntilUnderstood('nearest branch', ids.nearby);
    await waitUntilUnderstood('صباح الخير', ids.hello);
    const browse = (await api('GET', '/chatbot/browse')) as unknown as {
      data: { messenger_settings: { embed_code: string } };
    };
    host = await startHostSite();
    host.embedCode = browse.data.messenger_settings.embed_code;
  });

  afterAll(async () => {
    await session?.close();
    host?.close();
    fakeApi?.server.close();
    await new Promise((resolve) => (smtp ? smtp.sink.close(() => resolve(undefined)) : resolve(undefined)));
  });

  const editorOf = (commandId: number, step: string) =>
    page.goto(`/#/services/${ids.service}/commands/${commandId}/result/${step}`);
  const combobox = (name: string) => page.getByRole('combobox', { name, exact: true });
  async function choose(name: string, option: string) {
    await combobox(name).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  const routeReaches = (route: RegExp) => expect.poll(() => page.url()).toMatch(route);
  async function saveStep(next: RegExp) {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await routeReaches(next);
  }

  /** The web messenger on the host site; the sender id and bot token are read from its first message. */
  async function openMessenger(locale = 'en') {
    const widgetPage = await page.context().newPage();
    await widgetPage.goto(`${host.url}/?locale=${locale}`);
    await widgetPage.locator('[data-hiwar-bot] button').click();
    const chat = widgetPage.frameLocator('[data-hiwar-bot] iframe');
    await chat.locator('.messenger.ready').waitFor();
    const sent: { bot: string; sender_id: number }[] = [];
    widgetPage.on('request', (request) => {
      const match = /\/widget\/api\/([^/]+)\/messages$/.exec(request.url());
      if (match?.[1] && request.method() === 'POST')
        sent.push({ bot: match[1], sender_id: request.postDataJSON().sender_id });
    });
    return { widgetPage, chat, sent };
  }
  const lastBotText = (chat: FrameLocator) => chat.locator('.bot-bubble').last();
  async function say(chat: FrameLocator, text: string, expected: string | RegExp) {
    await chat.locator('textarea').fill(text);
    await chat.locator('.send-button').click();
    await expect.poll(() => lastBotText(chat).textContent(), { timeout: 20_000 }).toMatch(expected);
  }

  it('builds an api response in the editor; the widget and the debugger show the live answer', async () => {
    await editorOf(ids.special, 'type');
    await page.getByText('What does the command answer with?').waitFor();
    await page.getByRole('radio', { name: 'API' }).click();
    await snapPage(page, 'responses-type-en');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await routeReaches(/result\/options/);

    await page.getByRole('textbox', { name: /API URL/ }).fill(fakeApi.url);
    await page.getByText('GET', { exact: true }).click();
    await page.getByText('JSON', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Data field', exact: true }).fill('data');
    await choose('Send as', 'Text');
    await combobox('Title: key').fill('title');
    await combobox('Title: key').press('Escape');
    await snapPage(page, 'responses-options-api-en');
    await saveStep(/result\/template/);
    await combobox('Response text').waitFor();
    await snapPage(page, 'responses-template-en');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await routeReaches(/result\/(?!template)/);

    const { widgetPage, chat } = await openMessenger();
    await say(chat, "what is today's special", /^Fresh bread batch \d+$/);
    const first = await lastBotText(chat).textContent();
    await say(chat, 'special of the day', /^Fresh bread batch \d+$/);
    // the first answer already matches the pattern: wait for the second one, not just for a matching bubble
    await expect.poll(() => lastBotText(chat).textContent()).not.toBe(first);
    await snapPage(widgetPage, 'responses-widget-api-en');
    await widgetPage.close();

    await page.goto('/#/debugger');
    await page.getByTestId('debug-input').fill("what is today's special");
    await page.getByTestId('debug-input').press('Enter');
    await expect
      .poll(() =>
        page
          .getByTestId('reply-text')
          .first()
          .textContent()
          .catch(() => ''),
      )
      .toMatch(/Fresh bread batch \d+/);
    await snapPage(page, 'responses-debugger-en');
  });

  it('builds a NEARBY dataset response as cards with a mail action; the nearest branch comes first and the mail is sent', async () => {
    await editorOf(ids.nearby, 'type');
    await page.getByRole('radio', { name: 'Data Set' }).click();
    await choose('Dataset', 'Branches');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await routeReaches(/result\/options/);
    await page.getByText('Dataset: Branches').waitFor();
    await choose('Field', 'place');
    await choose('Measure from (location variable)', 'here');
    await page.getByRole('textbox', { name: 'Radius (km)', exact: true }).fill('20');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByText('place NEARBY', { exact: false }).first().waitFor();
    await choose('Send as', 'Cards');
    await page.getByRole('textbox', { name: 'Data limit' }).fill('3');
    await combobox('Title: key').fill('branch');
    await combobox('Title: key').press('Escape');
    await snapPage(page, 'responses-options-dataset-en');
    await saveStep(/result\/template/);

    await page.goto(`/#/services/${ids.service}/commands/${ids.nearby}/result/response-actions`);
    const actionsSwitch = page.getByRole('switch', { name: 'Run actions after the response' });
    expect(await actionsSwitch.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Add action' }).click();
    const form = page.getByRole('group', { name: 'New action' });
    await form.waitFor();
    await choose('Action type', 'Mail');
    await combobox('Title').fill('Branch search');
    await combobox('Message').fill('A visitor near {{here}} looked for a branch');
    const recipients = combobox('Recipients');
    await recipients.fill('manager@example.com');
    await recipients.press('Enter');
    await page.getByText('manager@example.com').waitFor();
    await snapPage(page, 'responses-action-form-en');
    await form.getByRole('button', { name: 'Add action' }).click();
    await form.waitFor({ state: 'detached' });
    // the first action turns the actions on; switched off, the screen says they will not run
    await expect.poll(() => actionsSwitch.isChecked()).toBe(true);
    await snapPage(page, 'responses-actions-en');
    await actionsSwitch.uncheck();
    await page.getByTestId('actions-off').waitFor();
    await snapPage(page, 'responses-actions-off-en');
    await actionsSwitch.check();
    await page.getByTestId('actions-off').waitFor({ state: 'detached' });
    await Promise.all([
      page.waitForResponse((answer) => answer.url().includes(`/command_response/save/${ids.nearby}`)),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);

    const { widgetPage, chat, sent } = await openMessenger();
    await say(chat, 'nearest branch', 'Where are you?');
    // the messenger has no location button: the location event goes through its API, as the same visitor
    const { bot, sender_id } = sent[0] ?? { bot: '', sender_id: 0 };
    const answer = await fetch(`${session?.server.url}/widget/api/${bot}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sender_id, event: { type: 'location', ...TAHRIR } }),
    });
    const { replies } = (await answer.json()) as { replies: { type: string; cards?: { title: string }[] }[] };
    const cards = replies.find((reply) => reply.type === 'cards')?.cards?.map((card) => card.title);
    expect(cards).toEqual(['Garden City', 'City Mall', 'Airport']);
    await widgetPage.reload();
    await widgetPage.locator('[data-hiwar-bot] button').click();
    await chat.locator('.cards').last().waitFor();
    expect(await chat.locator('.cards').last().locator('.card-title').first().textContent()).toBe(
      'Garden City',
    );
    await snapPage(widgetPage, 'responses-widget-nearby-en');
    await widgetPage.close();

    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [mail] = smtp.mails;
    expect(mail?.to).toEqual(['manager@example.com']);
    expect(mail?.text).toContain('Branch search');
    expect(mail?.text).toContain('A visitor near');
    expect(mail?.text).not.toContain('{{here}}');
  });

  it('answers a bilingual command in the language of the message, with the Arabic version typed in the editor', async () => {
    await editorOf(ids.hello, 'template');
    const text = combobox('Response text');
    await text.fill('Good morning! Fresh bread is ready.');
    await page.getByRole('button', { name: 'Other languages' }).click();
    await page
      .getByRole('textbox', { name: 'Response text in Arabic', exact: true })
      .fill('صباح النور! الخبز الطازج جاهز.');
    await snapPage(page, 'responses-text-versions-en');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await routeReaches(/result\/(?!template)/);

    const { widgetPage, chat } = await openMessenger();
    await say(chat, 'صباح الخير', 'صباح النور! الخبز الطازج جاهز.');
    await say(chat, 'good morning', 'Good morning! Fresh bread is ready.');
    await snapPage(widgetPage, 'responses-widget-languages');
    await widgetPage.close();
  });

  it('shows the type, the query builder and the text with its Arabic version in Arabic', async () => {
    await switchLanguage(page, 'ar');
    await editorOf(ids.nearby, 'type');
    await page.getByRole('radio', { checked: true }).waitFor();
    await snapPage(page, 'responses-type-ar');
    await editorOf(ids.nearby, 'options');
    await page.getByText('place NEARBY', { exact: false }).first().waitFor();
    await snapPage(page, 'responses-options-dataset-ar');
    await editorOf(ids.hello, 'template');
    // the versions open by themselves once one is written
    const versions = page.getByRole('button', { name: 'لغات أخرى (مكتوبة: 1)', exact: true });
    if ((await versions.getAttribute('aria-expanded')) === 'false') await versions.click();
    const arabic = page.getByRole('textbox', { name: 'نص الرد (العربية)', exact: true });
    await expect.poll(() => arabic.inputValue()).toBe('صباح النور! الخبز الطازج جاهز.');
    await snapPage(page, 'responses-text-versions-ar');
    await page.goto(`/#/services/${ids.service}/commands/${ids.nearby}/result/response-actions`);
    const actionsSwitch = page.getByRole('switch', { name: 'تشغيل إجراءات بعد الرد' });
    await expect.poll(() => actionsSwitch.isChecked()).toBe(true);
    await actionsSwitch.uncheck();
    await page.getByTestId('actions-off').getByText('لن تُنفَّذ هذه الإجراءات', { exact: false }).waitFor();
    await snapPage(page, 'responses-actions-off-ar');
  });
});
