import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeTelegram,
  startFakeTelegram,
} from '../../apps/server/src/testing/channels/telegram/fake-telegram-api.ts';
import { mediaUpdate, textUpdate } from '../../apps/server/src/testing/channels/telegram/telegram-updates.ts';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import { waitUntilUnderstood } from '../support/messenger.ts';
import { screenshotDir } from '../support/paths.ts';
import type { RunningServer } from '../support/server.ts';

// The owner switches Telegram on in the chatbot screen with a bot token and saves; the server
// connects it (getMe + setWebhook on a fake Bot API in this process) and the bot instructions table shows what
// Telegram answered — Active with the bot's @username. A message delivered to the webhook is answered through
// sendMessage. A wrong token saved shows Pending with Telegram's reason. The channel section in both languages.
const owner = {
  username: 'omar_pizza',
  fullname: 'Omar Farouk',
  email: 'omar@example.com',
  password: 'secret-pass-1',
};
const BOT_TOKEN = '123456:AAE-e2e-pizza-bot-token';
const WRONG_TOKEN = '999:not-a-bot-token';
const ORDER_EXAMPLE = 'I want a pizza';
const ANSWER = 'Your pizza is on its way.';
const REFUSED = 'Telegram refused the bot token: check it in @BotFather';
const REFUSED_AR = 'رفض تيليجرام رمز البوت: تحقق منه في \u2066@BotFather\u2069';

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const instructions = (page: Page) => region(page, /^(Bot instructions|تعليمات البوت)$/);
const telegramRow = (page: Page) => page.locator('tr[data-channel="telegram"]');
const telegramReason = (page: Page) => page.locator('tr[data-reason-of="telegram"]');

/** The bot through the API: a command with examples and a text response, and one it can be told from. */
async function buildBot(server: RunningServer, token: string): Promise<void> {
  const { id: serviceId } = await callApi(server, 'POST', '/service/save', {
    token,
    body: { service_name: 'Pizza shop' },
  });
  const command = async (name: string, examples: string[], text: string) => {
    const { id } = await callApi(server, 'POST', `/command/save/${serviceId}/0`, {
      token,
      body: { command_name: name, command_lang: 'en' },
    });
    for (const example of examples)
      await callApi(server, 'POST', '/command_example/save_example', {
        token,
        body: { example_command_id: id, example_text: example, example_lang: 'en', example_vars: [] },
      });
    await callApi(server, 'POST', `/command_response/save/${id}`, {
      token,
      body: { record: { resp_type: 'text', resp_text: text } },
    });
    return id as number;
  };
  const order = await command(
    'order pizza',
    [ORDER_EXAMPLE, 'order a pizza', 'can I get a pizza', 'pizza please'],
    ANSWER,
  );
  await command(
    'opening hours',
    ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
    'From noon to midnight.',
  );
  await waitUntilUnderstood(server, token, ORDER_EXAMPLE, order);
}

/** Save changes, waiting for the server's answer (it connects Telegram before answering). */
async function saveChanges(page: Page): Promise<void> {
  const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/chatbot/save'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect(await (await saved).json()).toEqual({ status: 1, msg: 'successfully updated' });
}

/**
 * The Telegram section and the instructions table alone (for looking at closely), and the whole screen as the
 * other e2e tests keep it.
 */
async function snapChannels(page: Page, name: string): Promise<void> {
  for (const [section, part] of [
    [region(page, /^(Telegram|تيليجرام)$/), 'telegram'],
    [instructions(page), 'instructions'],
  ] as const) {
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(screenshotDir, `${name}-${part}.png`) });
  }
  await snapPage(page, name);
}

const statusText = (page: Page) => telegramRow(page).locator('td').nth(1).textContent();

describe('Telegram on the chatbot screen', () => {
  let fake: FakeTelegram;
  let session: SignedInConsole | undefined;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(BOT_TOKEN, { username: 'pizza_bot' });
    session = await openSignedInConsole(owner, { TELEGRAM_API_URL: fake.url });
    page = session.page;
  });

  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  it('connects Telegram on Save changes and shows it Active with the bot account', async () => {
    await page.goto('/#/chatbot');
    await page.getByTestId('chatbot-form').waitFor();
    const telegram = region(page, 'Telegram');
    const status = telegram.getByRole('switch', { name: 'App status' });
    // from the keyboard: the console's fixed header can cover a control Playwright scrolled to the top edge
    await status.press('Space');
    await expect.poll(() => status.isChecked()).toBe(true);
    // Telegram asks for its bot token only: it never uses a verify token
    expect(await telegram.getByLabel('Verify token').count()).toBe(0);
    await telegram.getByLabel('Bot token').fill(BOT_TOKEN);
    await saveChanges(page);

    await expect
      .poll(() => telegramRow(page).getByTestId('channel-account').textContent())
      .toBe('@pizza_bot');
    expect(await statusText(page)).toBe('Active');
    expect(await telegramReason(page).count()).toBe(0);
    expect(fake.sent('getMe', BOT_TOKEN)).toHaveLength(1);
    expect(fake.webhookOf(BOT_TOKEN)?.url).toMatch(/\/hooks\/telegram\/[^/]+$/);
    // Facebook is not connected by the server: its status still comes from its switches
    expect(await page.locator('tr[data-channel="facebook"]').getAttribute('data-status-source')).toBe('form');
    await snapChannels(page, 'channels-telegram-active-en');
    await switchLanguage(page, 'ar');
    await expect.poll(() => statusText(page)).toBe('نشط');
    await snapChannels(page, 'channels-telegram-active-ar');
    await switchLanguage(page, 'en');
  });

  it('answers a Telegram message through the webhook with the bot’s sendMessage', async () => {
    if (!session) throw new Error('no console');
    await buildBot(session.server, session.token);
    const chat = 880_001;
    const delivered = await fake.deliver(BOT_TOKEN, textUpdate(5001, chat, ORDER_EXAMPLE));
    expect(delivered.status).toBe(200);
    await expect
      .poll(
        () =>
          fake
            .sent('sendMessage', BOT_TOKEN)
            .filter((call) => String(call.body.chat_id) === String(chat))
            .map((call) => call.body.text),
        { timeout: 20_000 },
      )
      .toEqual([ANSWER]);
  });

  it('shows a voice message and a reply Telegram refused in the conversation, in English and Arabic', async () => {
    // a voice note gets the bot's "I can only read text" answer
    const voiceChat = 880_002;
    expect((await fake.deliver(BOT_TOKEN, mediaUpdate(5101, voiceChat, 'voice'))).status).toBe(200);
    await expect
      .poll(
        () =>
          fake
            .sent('sendMessage', BOT_TOKEN)
            .filter((call) => String(call.body.chat_id) === String(voiceChat)).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);

    // the user blocked the bot: the reply is refused at once and the conversation says so
    const blockedChat = 880_003;
    fake.failNext('sendMessage', 403, { description: 'Forbidden: bot was blocked by the user' });
    expect((await fake.deliver(BOT_TOKEN, textUpdate(5102, blockedChat, ORDER_EXAMPLE))).status).toBe(200);
    const open = async (chat: number) => {
      await page.goto(`/#/conversations/${encodeURIComponent(`telegram:${chat}`)}`);
      await page.getByTestId('delivery').first().waitFor({ timeout: 20_000 });
    };
    await open(voiceChat);
    await page.getByText('A voice message').waitFor();
    await page.getByText('I can only read text messages for now').waitFor();
    await snapPage(page, 'conversation-telegram-voice-en');
    await open(blockedChat);
    await expect
      .poll(() => page.getByTestId('delivery').first().textContent(), { timeout: 20_000 })
      .toBe(
        'Not delivered: Telegram refused it (Telegram sendMessage: 403 Forbidden: bot was blocked by the user)',
      );
    await snapPage(page, 'conversation-telegram-refused-en');

    await switchLanguage(page, 'ar');
    await open(voiceChat);
    await page.getByText('رسالة صوتية').waitFor();
    await snapPage(page, 'conversation-telegram-voice-ar');
    await open(blockedChat);
    await expect.poll(() => page.getByTestId('delivery').first().textContent()).toContain('لم تصل');
    await snapPage(page, 'conversation-telegram-refused-ar');
    await switchLanguage(page, 'en');
    await page.goto('/#/chatbot');
    await page.getByTestId('chatbot-form').waitFor();
  });

  it('shows Pending with Telegram’s reason after a wrong token is saved, in English and Arabic', async () => {
    await region(page, 'Telegram').getByLabel('Bot token').fill(WRONG_TOKEN);
    await saveChanges(page);
    await expect.poll(() => telegramReason(page).textContent()).toBe(REFUSED);
    expect(await statusText(page)).toBe('Pending');
    expect(await telegramRow(page).getByTestId('channel-account').count()).toBe(0);
    await snapChannels(page, 'channels-telegram-pending-en');

    await switchLanguage(page, 'ar');
    await expect.poll(() => telegramReason(page).textContent()).toBe(REFUSED_AR);
    expect(await statusText(page)).toBe('قيد الانتظار');
    await snapChannels(page, 'channels-telegram-pending-ar');
    await switchLanguage(page, 'en');
  });

  it('names the WhatsApp template order confirmations go as after 24 hours, refusing a name WhatsApp would not have', async () => {
    if (!session) throw new Error('no console');
    const whatsapp = region(page, 'WhatsApp');
    const status = whatsapp.getByRole('switch', { name: 'App status' });
    await status.press('Space');
    await expect.poll(() => status.isChecked()).toBe(true);
    await whatsapp.getByLabel('Verify token').fill('wa-verify');
    await whatsapp.getByLabel('Chat API url').fill('https://graph.facebook.com/v21.0');
    await whatsapp.getByLabel('Instance token').fill('EAAG-e2e-token');
    await whatsapp.getByLabel('Order confirmation template').fill('Order Confirmed');
    await whatsapp.getByLabel('Its language').fill('en_US');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await whatsapp
      .getByText('The template name is the one WhatsApp approved: lower-case letters, digits and underscores')
      .waitFor();
    await whatsapp.getByLabel('Order confirmation template').fill('order_confirmed');
    await saveChanges(page);
    const browsed = await callApi(session.server, 'GET', '/chatbot/browse', { token: session.token });
    const apps = (browsed.data as { apps: { whatsapp: { chatbot_app_credentials: unknown } } }).apps;
    expect(apps.whatsapp.chatbot_app_credentials).toMatchObject({
      order_template: 'order_confirmed',
      order_template_lang: 'en_US',
    });
    // the form is filled again from the saved chatbot
    await expect
      .poll(() => whatsapp.getByLabel('Order confirmation template').inputValue())
      .toBe('order_confirmed');
    for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
    await whatsapp.getByLabel('Order confirmation template').scrollIntoViewIfNeeded();
    await whatsapp.screenshot({ path: join(screenshotDir, 'channels-whatsapp-order-template-en.png') });
    await switchLanguage(page, 'ar');
    const arabic = region(page, 'واتساب');
    await arabic.getByLabel('قالب تأكيد الطلب').waitFor();
    await arabic.getByLabel('قالب تأكيد الطلب').scrollIntoViewIfNeeded();
    await arabic.screenshot({ path: join(screenshotDir, 'channels-whatsapp-order-template-ar.png') });
    await switchLanguage(page, 'en');
  });
});
