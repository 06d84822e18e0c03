import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostSite, startHostSite } from '../../apps/widget/test-support/embedding-site.ts';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import { addWebSubscribers } from '../support/database.ts';
import { openMessenger, say, snapMessenger, waitUntilUnderstood } from '../support/messenger.ts';
import type { RunningServer } from '../support/server.ts';

// A subscription channel made on the console's About screen; a command answering with it
// (the response editor's Subscription card); a visitor of another site subscribes in the web messenger; a text
// notification sent from the Send screen reaches them; a send of 3,001 web messages at 300 a second
// (BROADCAST_RATES) is followed live and still shows how far it got after a reload mid-send. The list, About and
// Send screens (mid-send and done) in English and Arabic.
const owner = {
  username: 'nadia_bakery',
  fullname: 'Nadia Farouk',
  email: 'nadia@example.com',
  password: 'secret-pass-1',
};
const channelTitle = 'Bakery news';
const subscribeExample = 'subscribe me to the bakery news';
const confirmation = 'Done! We will tell you when the bread is out of the oven.';
const BULK = 3000;
const ids = { service: 0, command: 0, channel: 0 };

const routeReaches = (page: Page, route: RegExp) => expect.poll(() => page.url()).toMatch(route);

/**
 * The bot through the API (the console is not the point here): a command to subscribe with its examples and a
 * text response (its text becomes the sub response's confirmation), and a second command the classifier can
 * tell it from. Answers the embed snippet.
 */
async function buildBot(server: RunningServer, token: string): Promise<string> {
  const { id: serviceId } = await callApi(server, 'POST', '/service/save', {
    token,
    body: { service_name: 'Bakery' },
  });
  ids.service = serviceId as number;
  const command = async (name: string, examples: string[], text: string) => {
    const { id } = await callApi(server, 'POST', `/command/save/${ids.service}/0`, {
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
  ids.command = await command(
    'bakery news',
    [
      subscribeExample,
      'i want the bakery newsletter',
      'tell me when the bread is ready',
      'sign me up for news',
    ],
    confirmation,
  );
  await command(
    'opening hours',
    ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
    'From 7 am to 3 pm.',
  );
  await waitUntilUnderstood(server, token, subscribeExample, ids.command);
  const bot = await callApi(server, 'GET', '/chatbot/browse', { token });
  return (bot.data as { messenger_settings: { embed_code: string } }).messenger_settings.embed_code;
}

/** "Sent 1,200 of 3,001, failed 0, pending 1,801 · …" (or its Arabic) → the sent and total figures. */
async function progressOf(card: Locator): Promise<{ sent: number; total: number }> {
  const text = (await card.getByTestId('progress-text').textContent()) ?? '';
  const match = /(?:Sent|أُرسل) ([\d,٬]+) (?:of|من) ([\d,٬]+)/.exec(text);
  if (!match) throw new Error(`no progress in "${text}"`);
  const number = (figure: string | undefined) => Number((figure ?? '').replace(/[,٬]/g, ''));
  return { sent: number(match[1]), total: number(match[2]) };
}

/** The width of the bar's sent section, in percent (Mantine's progressbar value). */
const sentPercent = (card: Locator) =>
  card
    .getByTestId('progress-sent')
    .getAttribute('aria-valuenow')
    .then((value) => Number(value));

describe('subscriptions', () => {
  let session: SignedInConsole | undefined;
  let host: HostSite;
  let page: Page;
  let visitor: Page;
  let chat: FrameLocator;

  beforeAll(async () => {
    // web deliveries at 300 a second: a send to 3,001 subscribers lasts about ten seconds
    session = await openSignedInConsole(owner, { BROADCAST_RATES: 'web=300' });
    ({ page } = session);
    host = await startHostSite();
    host.embedCode = await buildBot(session.server, session.token);
  });

  afterAll(async () => {
    host?.close();
    await session?.close();
  });

  /** Fills a text notification, checks the count the screen shows and sends it; answers its progress card. */
  async function sendText(text: string, count: RegExp, submit = 'Send'): Promise<Locator> {
    await page.getByRole('textbox', { name: /^(Text|النص)/ }).fill(text);
    await expect
      .poll(() => page.getByTestId('audience-count').locator('p').first().textContent())
      .toMatch(count);
    const button = page.getByRole('button', { name: submit, exact: true });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/api/subscription/send_to_subscribers'),
    );
    await button.click();
    const { notification_id: notificationId } = (await (await answer).json()) as { notification_id: number };
    expect(notificationId).toBeGreaterThan(0);
    return page.getByTestId(`send-${notificationId}`);
  }

  it('creates the channel on the About screen: a name, a related command and a white domain', async () => {
    await page.goto('/#/subscription');
    await page.getByTestId('no-subscriptions').waitFor();
    await page.getByRole('link', { name: 'New subscription' }).click();
    await routeReaches(page, /#\/subscription\/0\/about$/);
    await page.getByRole('heading', { name: 'New subscription' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(channelTitle);
    await page.getByRole('textbox', { name: 'Description' }).fill('Fresh bread, new cakes and opening hours');
    await page.getByRole('combobox', { name: 'Related command', exact: true }).click();
    await page.getByRole('option', { name: 'bakery news (Bakery)' }).click();
    const domains = page.getByLabel('White domains', { exact: true }).and(page.locator('input'));
    await domains.fill('https://Shop.Example.com/news');
    await domains.press('Enter');
    await page.locator('.mantine-TagsInput-pill', { hasText: 'https://Shop.Example.com/news' }).waitFor();
    // the approved template WhatsApp subscribers get after 24 hours
    const template = page.getByTestId('whatsapp-template');
    await template.getByRole('textbox', { name: 'Template name' }).fill('bakery_news');
    await template.getByRole('textbox', { name: 'Template language' }).fill('EN');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await template
      .getByText('The template language is a WhatsApp language code such as en_US, ar or de')
      .waitFor();
    await template.getByRole('textbox', { name: 'Template language' }).fill('en_US');
    await template.getByPlaceholder("Pick in the template's order").click();
    await page.getByRole('option', { name: 'Title', exact: true }).click();
    await page.getByRole('option', { name: 'Link', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully saved').waitFor();
    await routeReaches(page, /#\/subscription\/[1-9]\d*\/about$/);
    ids.channel = Number(/subscription\/(\d+)\/about/.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: channelTitle }).waitFor();
    await page.getByTestId('endpoint-sample').waitFor();
    await expect.poll(() => page.getByTestId('subscriber-count').textContent()).toBe('Subscribers: 0');

    // stored as the server keeps a domain: the host of the address, lower-cased
    const { server, token } = session!;
    const channel = await callApi(server, 'GET', `/subscription/browse/${ids.channel}`, { token });
    expect(channel.data).toMatchObject({
      sc_title: channelTitle,
      sc_command_id: ids.command,
      white_domains: ['shop.example.com'],
      sc_sibscripers_count: 0,
      whatsapp_template: { name: 'bakery_news', language: 'en_US', params: ['title', 'link'] },
    });
    await page.locator('.mantine-TagsInput-pill', { hasText: /^shop\.example\.com$/ }).waitFor();
    expect((await page.getByRole('textbox', { name: 'API key' }).inputValue()).length).toBeGreaterThan(10);
  });

  it("makes the command's response a subscription to the channel in the response editor", async () => {
    await page.goto(`/#/services/${ids.service}/commands/${ids.command}/result/type`);
    await page.getByRole('radio', { name: 'Subscription' }).click();
    await page.getByRole('combobox', { name: 'Subscription channel', exact: true }).click();
    await page.getByRole('option', { name: channelTitle, exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await routeReaches(page, /result\/template$/);
    const { server, token } = session!;
    const response = await callApi(server, 'GET', `/command_response/get/${ids.command}`, { token });
    expect(response.data).toMatchObject({
      resp_type: 'sub',
      resp_sub_channel: ids.channel,
      resp_text: confirmation,
    });
  });

  it('subscribes a visitor of another site in the web messenger', async () => {
    const context = await session!.browser.newContext({ viewport: { width: 1100, height: 860 } });
    context.setDefaultTimeout(15_000);
    ({ page: visitor, chat } = await openMessenger(context, host.url, 'en'));
    await say(chat, subscribeExample, confirmation);

    await page.goto('/#/subscription');
    const row = page.getByTestId(`subscription-row-${ids.channel}`);
    await row.getByRole('link', { name: channelTitle, exact: true }).waitFor();
    await expect
      .poll(() => row.locator('td').allInnerTexts())
      .toEqual([channelTitle, 'bakery news', '1', '']);
    await snapPage(page, 'subscriptions-list-en');

    await row.getByRole('link', { name: channelTitle, exact: true }).click();
    await routeReaches(page, new RegExp(`#/subscription/${ids.channel}/about$`));
    await expect.poll(() => page.getByTestId('subscriber-count').textContent()).toBe('Subscribers: 1');
    await snapPage(page, 'subscriptions-about-en');
  });

  it('sends a text notification to the one subscriber; the messenger shows it', async () => {
    await page.getByRole('link', { name: 'Send a notification' }).click();
    await routeReaches(page, new RegExp(`#/subscription/${ids.channel}/send$`));
    await page.getByText('Nothing has been sent from this channel yet.').waitFor();
    const notice = 'The sourdough is out of the oven! Come before 10 am.';
    // a subtitle typed under Card is hidden once the type is Text again: neither previewed nor sent
    await page.getByText('Card', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Subtitle' }).fill('Only today');
    await page.getByTestId('notification-preview').getByText('Only today').waitFor();
    await page.getByText('Text', { exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Subtitle' }).waitFor({ state: 'detached' });
    const card = await sendText(notice, /^Subscribers who will receive it: 1$/);
    expect(await page.getByTestId('notification-preview').innerText()).toBe(notice);
    await expect.poll(() => progressOf(card), { timeout: 20_000 }).toEqual({ sent: 1, total: 1 });
    await expect.poll(() => sentPercent(card)).toBe(100);
    await card.getByText('Finished').waitFor();
    await page.getByText('The notification was sent: 1 of 1, 0 failed').waitFor();
    await snapPage(page, 'subscriptions-send-done-en');

    // the messenger asks for notices every 10 s
    const bubble = chat.locator('.bot-bubble', { hasText: notice });
    await bubble.waitFor({ timeout: 20_000 });
    expect(await bubble.count()).toBe(1);
    expect(await bubble.textContent()).toBe(notice);
    await snapMessenger(visitor, chat, 'subscriptions-widget-notice-en');
  });

  it('shows how far a send of 3,001 got after a reload mid-send, then its end', async () => {
    addWebSubscribers(session!.server, ids.channel, BULK, 'bulk-en');
    const total = BULK + 1;
    await page.reload();
    await page.getByRole('textbox', { name: /^Text/ }).waitFor();
    const card = await sendText('Fresh croissants all day.', /^Subscribers who will receive it: 3,001$/);
    await card.getByText('Sending', { exact: true }).waitFor();
    await expect
      .poll(() => progressOf(card).then((progress) => progress.sent), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await snapPage(page, 'subscriptions-send-sending-en');

    await page.reload();
    // read at once after the reload: the figures browse answered (or the stream's first), part way
    await card.getByTestId('progress-text').waitFor();
    const afterReload = await progressOf(card);
    expect(afterReload.total).toBe(total);
    expect(afterReload.sent).toBeGreaterThan(0);
    expect(afterReload.sent).toBeLessThan(total);
    await card.getByText('Sending', { exact: true }).waitFor();
    const percent = await sentPercent(card);
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);

    await expect.poll(() => progressOf(card), { timeout: 40_000 }).toEqual({ sent: total, total });
    await expect.poll(() => sentPercent(card)).toBe(100);
    await card.getByText('Finished').waitFor();
    await page.getByText('The notification was sent: 3,001 of 3,001, 0 failed').waitFor();
    await snapPage(page, 'subscriptions-send-done-3001-en');
  });

  it('shows the list, About and Send screens in Arabic, right to left, with a send followed to its end', async () => {
    await switchLanguage(page, 'ar');
    await page.goto('/#/subscription');
    await page.getByRole('heading', { name: 'الاشتراكات' }).waitFor();
    const row = page.getByTestId(`subscription-row-${ids.channel}`);
    await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('3,001');
    await snapPage(page, 'subscriptions-list-ar');

    await page.goto(`/#/subscription/${ids.channel}/about`);
    await expect.poll(() => page.getByTestId('subscriber-count').textContent()).toBe('المشتركون: 3,001');
    await page.getByTestId('endpoint-sample').waitFor();
    await snapPage(page, 'subscriptions-about-ar');

    await page.getByRole('tab', { name: 'إرسال' }).click();
    await routeReaches(page, new RegExp(`#/subscription/${ids.channel}/send$`));
    const card = await sendText('خبز بلدي طازج الآن', /^المشتركون الذين سيستلمونه: 3,001$/, 'إرسال');
    await card.getByText('جارٍ الإرسال', { exact: true }).waitFor();
    await expect
      .poll(() => progressOf(card).then((progress) => progress.sent), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await snapPage(page, 'subscriptions-send-sending-ar');
    await expect.poll(() => progressOf(card), { timeout: 40_000 }).toEqual({ sent: 3001, total: 3001 });
    await card.getByText('اكتمل').waitFor();
    await snapPage(page, 'subscriptions-send-done-ar');
  });
});
