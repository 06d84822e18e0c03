import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { defaultChatbotSettings } from '@hiwar/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSpeechProviders,
  startFakeSpeechProviders,
} from '../../apps/server/src/testing/speech/fake-speech-providers.ts';
import {
  everyMessageType,
  type HostSite,
  startHostSite,
} from '../../apps/widget/test-support/embedding-site.ts';
import { type Owner, signInThroughConsole } from '../support/api.ts';
import { launchBrowser, snap, snapPage, switchLanguage } from '../support/browser.ts';
import { newConsolePage } from '../support/console.ts';
import {
  lastBotText,
  openMessenger as openMessengerOn,
  say,
  snapMessenger,
  waitUntilUnderstood,
} from '../support/messenger.ts';
import { screenshotDir } from '../support/paths.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const screenshotPath = (name: string) => join(screenshotDir, `${name}.png`);

/** Waits for the page's finite animations and transitions (a button's loader fading out) to end. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** An owner's bot built through the public API, as the console would. */
interface Bot {
  embedCode: string;
}

async function api(server: RunningServer, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await answer.json();
  if (!answer.ok || json.status !== 1)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

interface CommandSpec {
  name: string;
  lang: 'en' | 'ar';
  examples: string[];
  text: string;
  variables?: { var_name: string; var_val_regex: string; var_prompt: string }[];
}

async function addCommand(server: RunningServer, token: string, serviceId: number, spec: CommandSpec) {
  const body = { command_name: spec.name, command_lang: spec.lang };
  const { id } = await api(server, 'POST', `/command/save/${serviceId}/0`, body, token);
  for (const [index, variable] of (spec.variables ?? []).entries()) {
    const fields = { ...variable, var_type: 'regex', var_order: index + 1 };
    await api(server, 'POST', `/command_var/save/0/${id}`, fields, token);
  }
  for (const example of spec.examples) {
    const fields = { example_command_id: id, example_text: example, example_vars: [] };
    await api(server, 'POST', '/command_example/save_example', fields, token);
  }
  await api(
    server,
    'POST',
    `/command_response/save/${id}`,
    { record: { resp_type: 'text', resp_text: spec.text } },
    token,
  );
  return id as number;
}

const owner: Owner = {
  username: 'cafe_owner',
  fullname: 'Nadia Saleh',
  email: 'nadia@example.com',
  password: 'secret-pass-1',
};

async function buildBot(server: RunningServer, hostUrl: string): Promise<Bot> {
  const account = { username: owner.username, user_fullname: owner.fullname, user_email: owner.email };
  const password = { user_password: owner.password, user_password_confirmation: owner.password };
  await api(server, 'POST', '/passport/register', { ...account, ...password });
  const login = await api(server, 'POST', '/passport/login', {
    email: owner.email,
    password: owner.password,
  });
  const token: string = login.access_token;
  const { id: serviceId } = await api(server, 'POST', '/service/save', { service_name: 'Café' }, token);

  const hello = await addCommand(server, token, serviceId, {
    name: 'greeting',
    lang: 'en',
    examples: ['hello', 'hi there', 'good morning', 'hey'],
    text: 'Hello! I can book you a table.',
  });
  const hours = await addCommand(server, token, serviceId, {
    name: 'opening hours',
    lang: 'en',
    examples: ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
    text: 'We open every day from 9 to 17.',
  });
  const booking = await addCommand(server, token, serviceId, {
    name: 'book a table',
    lang: 'en',
    examples: ['book a table', 'reserve a table', 'i want to book a table', 'table reservation please'],
    variables: [
      { var_name: 'people', var_val_regex: '\\b\\d{1,2}\\b', var_prompt: 'For how many people?' },
      {
        var_name: 'day',
        var_val_regex: '\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b',
        var_prompt: 'Which day?',
      },
    ],
    text: 'Done: a table for {{people}} on {{day}}.',
  });
  const arabicBooking = await addCommand(server, token, serviceId, {
    name: 'حجز طاولة',
    lang: 'ar',
    examples: ['احجز طاولة', 'أريد حجز طاولة', 'حجز طاولة من فضلك', 'ممكن احجز طاولة'],
    variables: [
      { var_name: 'people', var_val_regex: '\\d{1,2}', var_prompt: 'لكم شخص؟' },
      {
        var_name: 'day',
        var_val_regex: '(السبت|الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة)',
        var_prompt: 'في أي يوم؟',
      },
    ],
    text: 'تم حجز طاولة لـ {{people}} أشخاص يوم {{day}}.',
  });

  const defaults = defaultChatbotSettings();
  await api(
    server,
    'POST',
    '/chatbot/save',
    {
      ...defaults,
      chatbot_name: 'Sunrise Café',
      chatbot_start_button_status: 1,
      chatbot_start_button_label: 'Get started',
      chatbot_start_button_postback: `cmd:${hello}`,
      chatbot_persistent_menus: [
        {
          locale: 'default',
          composer_input_disabled: false,
          call_to_actions: [
            {
              title: 'Opening hours',
              type: 'postback',
              emoji: '🕘',
              payload: `cmd:${hours}`,
              url: '',
              call_to_actions: [],
            },
            {
              title: 'Our website',
              type: 'web_url',
              emoji: '',
              payload: '',
              url: 'https://example.com/',
              call_to_actions: [],
            },
          ],
        },
      ],
      messenger_settings: {
        ...defaults.messenger_settings,
        welcome_msg: 'Welcome to Sunrise Café ☕',
        logo: `${hostUrl}/logo.svg`,
        avatar: `${hostUrl}/avatar.svg`,
        main_color: '#0f766e',
        width: 360,
        height: 560,
      },
    },
    token,
  );

  await waitUntilUnderstood(server, token, 'book a table', booking);
  await waitUntilUnderstood(server, token, 'أريد حجز طاولة', arabicBooking);
  const browse = await api(server, 'GET', '/chatbot/browse', undefined, token);
  return { embedCode: browse.data.messenger_settings.embed_code };
}

describe('the web messenger embedded in another site', () => {
  let server: RunningServer;
  let host: HostSite;
  let browser: Browser;
  let speech: FakeSpeechProviders;

  beforeAll(async () => {
    speech = await startFakeSpeechProviders();
    // the speech test's transcription server is the owner's address on loopback
    server = await startServer({ OUTBOUND_ALLOW: '127.0.0.1' });
    host = await startHostSite();
    host.embedCode = (await buildBot(server, host.url)).embedCode;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    host?.close();
    await server?.stop();
    await speech?.close();
  });

  const openMessenger = (context: BrowserContext, locale: string) =>
    openMessengerOn(context, host.url, locale);

  it('completes the booking in English, uses the menu, survives going offline and keeps the history', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const { page, chat } = await openMessenger(context, 'en');
    const frameBox = await page.locator('[data-hiwar-bot] iframe').boundingBox();
    expect(frameBox?.width).toBe(360);
    expect(frameBox && frameBox.x + frameBox.width).toBeGreaterThan(1000);
    expect(await chat.locator('html').getAttribute('dir')).toBe('ltr');
    await expect.poll(() => chat.locator('.header-name').textContent()).toBe('Sunrise Café');
    expect(await chat.locator('.bot-bubble').first().textContent()).toBe('Welcome to Sunrise Café ☕');

    await snap(page, 'widget-en-start');
    await chat.locator('.start-button').click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('Hello! I can book you a table.');
    await say(chat, 'book a table', 'For how many people?');
    await say(chat, '4', 'Which day?');
    await say(chat, 'friday', 'Done: a table for 4 on friday.');

    await chat.locator('.menu-button').click();
    await snap(page, 'widget-en-menu');
    await chat.getByText('🕘 Opening hours').click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('We open every day from 9 to 17.');
    await snap(page, 'widget-en');

    await context.setOffline(true);
    await chat.locator('textarea').fill('hello');
    await chat.locator('.send-button').click();
    await chat.locator('.status-banner:not([hidden])').waitFor();
    await snap(page, 'widget-en-reconnecting');
    await context.setOffline(false);
    await chat.locator('.status-banner[hidden]').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => lastBotText(chat).textContent()).toBe('Hello! I can book you a table.');

    // the frame's own cookie and storage are blocked as third-party here: the page's copy keeps the sender
    await page.reload();
    await page.locator('[data-hiwar-bot] button').click();
    await chat.locator('.messenger.ready').waitFor();
    const userTexts = await chat.locator('.user-bubble').allTextContents();
    expect(userTexts).toEqual(['Get started', 'book a table', '4', 'friday', 'Opening hours', 'hello']);
    expect(await chat.locator('.start-button').count()).toBe(0);
    await snap(page, 'widget-en-reload');
    await context.close();
  });

  it('completes the booking in Arabic, right to left, on the left of the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const { page, chat } = await openMessenger(context, 'ar');
    expect(await chat.locator('html').getAttribute('dir')).toBe('rtl');
    const frameBox = await page.locator('[data-hiwar-bot] iframe').boundingBox();
    expect(frameBox?.x).toBeLessThan(100);
    expect(await chat.locator('textarea').getAttribute('placeholder')).toBe('اكتب رسالة…');

    await say(chat, 'أريد حجز طاولة', 'لكم شخص؟');
    await say(chat, '3', 'في أي يوم؟');
    await say(chat, 'الجمعة', 'تم حجز طاولة لـ 3 أشخاص يوم الجمعة.');
    await snap(page, 'widget-ar');
    await context.close();
  });

  it('shows every kind of bot message: escaped text, cards, quick replies, image, map link, sandboxed advert', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const sent: { type: string; payload?: string }[] = [];
    // the runtime's answer is replaced by one of each type; everything else (settings, sender, history) is real
    await context.route('**/widget/api/*/messages', async (route) => {
      const { event } = route.request().postDataJSON();
      sent.push(event);
      const replies =
        event.type === 'postback'
          ? [{ type: 'text', text: `You chose ${event.payload}` }]
          : everyMessageType(host.url);
      await route.fulfill({ json: { status: 1, replies, turn_id: sent.length } });
    });
    const { page, chat } = await openMessenger(context, 'en');
    expect(await chat.locator('.header-logo').getAttribute('src')).toBe(`${host.url}/logo.svg`);
    await chat.locator('textarea').fill('what is good today?');
    await chat.locator('.send-button').click();
    await chat.locator('.cards').waitFor();

    expect(await chat.locator('.bot-bubble', { hasText: 'specials' }).textContent()).toBe(
      "Today's specials <b>(not bold)</b>:",
    );
    expect(await chat.locator('.bot-messages b').count()).toBe(0);
    const recipe = chat.getByRole('link', { name: 'Recipe' });
    expect(await recipe.getAttribute('target')).toBe('_blank');
    expect(await recipe.getAttribute('rel')).toContain('noopener');
    expect(await chat.locator('a.location').getAttribute('href')).toContain('mlat=30.062600&mlon=31.219700');
    const advert = chat.locator('iframe.advert-frame');
    expect(await advert.getAttribute('sandbox')).toBe('allow-popups');
    const advertBody = chat.frameLocator('iframe.advert-frame').locator('body');
    await expect.poll(() => advertBody.innerText()).toContain('Two coffees for one');
    expect(await advertBody.innerText()).not.toContain('script ran');
    await chat.locator('.bot-row').last().scrollIntoViewIfNeeded();
    await snap(page, 'widget-messages');

    await chat.getByRole('button', { name: 'Mint tea' }).click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('You chose tea');
    expect(await chat.locator('.chip').count()).toBe(0);
    await chat.getByRole('button', { name: 'Order' }).first().click();
    await expect.poll(() => lastBotText(chat).textContent()).toBe('You chose order shakshuka');
    expect(sent.slice(1)).toEqual([
      { type: 'postback', payload: 'tea', label: 'Mint tea' },
      { type: 'postback', payload: 'order shakshuka', label: 'Order' },
    ]);
    await context.close();
  });

  it('greets a first visitor with the welcome message the owner set in the console, in the page’s language', async () => {
    const welcome = {
      en: 'Good morning! Fresh bread is out of the oven',
      ar: 'صباح الخير! الخبز الطازج خرج من الفرن',
    };
    const consolePage = await newConsolePage(browser, server);
    await signInThroughConsole(consolePage, owner);
    await consolePage.goto('/#/chatbot');
    const section = consolePage.getByRole('region', { name: 'Web Messenger Settings' });
    const field = section.getByRole('textbox', { name: 'Welcome message', exact: true });
    // the field near the top of the window, clear of the fixed header bar, with the preview beside it
    const showUnderHeader = (element: Locator) =>
      element.evaluate((node) => {
        node.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -140);
      });
    // the preview beside the fields greets only with what the messenger will show
    await field.fill('');
    await consolePage.waitForTimeout(1400);
    expect(await section.getByTestId('widget-preview').innerText()).not.toContain('Hello!');
    await field.fill(welcome.en);
    await section.getByRole('button', { name: 'Other languages' }).first().click();
    await section.getByRole('textbox', { name: 'Welcome message in Arabic', exact: true }).fill(welcome.ar);
    await section.getByTestId('widget-preview').getByText(welcome.en).waitFor();
    await showUnderHeader(field);
    await settled(consolePage);
    await consolePage.screenshot({ path: screenshotPath('chatbot-welcome-en') });
    const saved = consolePage.waitForResponse((answer) => answer.url().endsWith('/api/chatbot/save'));
    await consolePage.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(200);
    await switchLanguage(consolePage, 'ar');
    const hint = consolePage.getByText('أول رسالة يراها كل زائر', { exact: false });
    await hint.waitFor();
    // the save's toasts gone, so the picture shows the fields
    await expect
      .poll(() => consolePage.locator('.mantine-Notification-root').count(), { timeout: 10_000 })
      .toBe(0);
    await consolePage.getByTestId('widget-preview').getByText(welcome.en).waitFor();
    await showUnderHeader(hint);
    await settled(consolePage);
    await consolePage.screenshot({ path: screenshotPath('chatbot-welcome-ar') });
    await consolePage.context().close();

    // another site, a new visitor: the first bubble is the welcome, in the page's language
    for (const locale of ['en', 'ar'] as const) {
      const visitor = await browser.newContext({ viewport: { width: 1100, height: 760 } });
      const { page, chat } = await openMessenger(visitor, locale);
      await expect.poll(() => chat.locator('.bot-bubble').first().textContent()).toBe(welcome[locale]);
      expect(await chat.locator('.user-bubble').count()).toBe(0);
      await snapMessenger(page, chat, `widget-welcome-${locale}`);
      await visitor.close();
    }
  });

  it('in a browser without speech recognition, records the visitor and sends what the owner’s service heard', async () => {
    const { access_token: token } = await api(server, 'POST', '/passport/login', {
      email: owner.email,
      password: owner.password,
    });
    const { data } = await api(server, 'GET', '/chatbot/browse', undefined, token);
    const voice = { status: 1, type: 'openai', lang: 'en-US', credentials: speech.openAiCredentials() };
    const messenger = { ...data.messenger_settings, voice };
    await api(server, 'POST', '/chatbot/save', { ...data, messenger_settings: messenger }, token);
    speech.transcript = 'book a table';

    for (const locale of ['en', 'ar'] as const) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
      // Firefox has no speech recognition: the messenger falls back to recording
      await context.addInitScript(() => {
        Reflect.deleteProperty(window, 'webkitSpeechRecognition');
        Reflect.deleteProperty(window, 'SpeechRecognition');
      });
      const { page, chat } = await openMessenger(context, locale);
      const mic = chat.locator('.mic-button');
      await mic.click();
      await chat.locator('.mic-button.recording').waitFor();
      await snap(page, `widget-recording-${locale}`);
      // the fake microphone plays a tone for a moment
      await page.waitForTimeout(600);
      await mic.click();
      // an English sentence gets the English command's question, whatever the page's language
      await expect
        .poll(() => lastBotText(chat).textContent(), { timeout: 15_000 })
        .toBe('For how many people?');
      expect(await chat.locator('.user-bubble').last().textContent()).toBe('book a table');
      await context.close();
    }
    const call = speech.openAiCalls.at(-1);
    expect(call?.language).toBe('en');
    expect(call?.contentType).toBe('audio/webm');
    expect(call?.audio.length).toBeGreaterThan(100);
  });

  it('under identity verification, speaks for a signed-in visitor only with the site’s signature', async () => {
    // the owner turns it on in the console and copies the secret, shown this once
    const consolePage = await newConsolePage(browser, server);
    await signInThroughConsole(consolePage, owner);
    await consolePage.goto('/#/chatbot');
    const section = consolePage.getByTestId('identity-verification');
    // in the middle of the window, clear of the form's sticky save bar
    const centre = () => section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await centre();
    // saved at once: the switch follows the server's answer
    await section.getByRole('switch', { name: 'Require signed sender ids' }).click();
    const secret = await section.getByLabel('Secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const renew = section.getByRole('button', { name: 'Draw a new secret' });
    await expect.poll(() => renew.isEnabled()).toBe(true);
    await centre();
    await settled(consolePage);
    await consolePage.screenshot({ path: screenshotPath('identity-verification-en') });
    await switchLanguage(consolePage, 'ar');
    await consolePage.reload();
    await centre();
    expect(await section.getByRole('switch').isChecked()).toBe(true);
    await settled(consolePage);
    // shown once: a reload no longer shows it
    expect(await section.getByText(secret).count()).toBe(0);
    await consolePage.screenshot({ path: screenshotPath('identity-verification-ar') });

    // the site's server signs its visitor's id; the messenger speaks for that visitor
    const signature = createHmac('sha256', secret).update('4242').digest('hex');
    const visitor = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await visitor.newPage();
    await page.goto(`${host.url}/?locale=en&sender=4242&sender_hash=${signature}`);
    await page.locator('[data-hiwar-bot] button').click();
    const chat = page.frameLocator('[data-hiwar-bot] iframe');
    await chat.locator('.messenger.ready').waitFor();
    await say(chat, 'hello', 'Hello! I can book you a table.');
    await snapPage(page, 'widget-identity-signed');

    // someone who knows the id but not the signature gets a conversation of their own, not the visitor's
    const stranger = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`${host.url}/?locale=en&sender=4242`);
    await strangerPage.locator('[data-hiwar-bot] button').click();
    const strangerChat = strangerPage.frameLocator('[data-hiwar-bot] iframe');
    await strangerChat.locator('.messenger.ready').waitFor();
    expect(await strangerChat.locator('.user-bubble').count()).toBe(0);
    const bot = /data-bot="([^"]+)"/.exec(host.embedCode)?.[1] ?? '';
    const read = await fetch(`${server.url}/widget/api/${bot}/history?sender_id=4242`);
    expect(read.status).toBe(403);

    await visitor.close();
    await stranger.close();
    await consolePage.context().close();
  });
});
