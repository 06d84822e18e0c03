import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerOwner, waitForModel } from '../support/api.ts';
import { launchBrowser, snap } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const owner = {
  username: 'test_chat_owner',
  fullname: 'Test Chat Owner',
  email: 'test-chat@example.com',
  password: 'secret-pass-1',
};

/** A restaurant with one command, "book_table", that asks for the day and the number of people. */
async function seedRestaurant(server: RunningServer, token: string) {
  const post = (path: string, body: unknown) => callApi(server, 'POST', path, { token, body });
  const service = await post('/service/save', { service_name: 'Restaurant' });
  const command = await post(`/command/save/${service.id}/0`, {
    command_name: 'book_table',
    command_lang: 'en',
  });
  await post(`/command_var/save/0/${command.id}`, {
    var_name: 'day',
    var_type: 'list',
    var_val_list: ['friday', 'saturday', 'sunday'],
    var_prompt: 'Which day would you like?',
    var_order: 1,
    var_fallback_type: 'options',
    var_fallback_msg: 'We are open on these days:',
    var_fallback_options: [
      { label: 'Friday', val: 'friday' },
      { label: 'Saturday', val: 'saturday' },
    ],
  });
  await post(`/command_var/save/0/${command.id}`, {
    var_name: 'people',
    var_type: 'component',
    entity_name: 'number',
    var_prompt: 'For how many people?',
    var_order: 2,
  });
  for (const text of [
    'book a table',
    'reserve a table for dinner',
    'i want a table',
    'table reservation please',
  ]) {
    await post('/command_example/save_example', { example_command_id: command.id, example_text: text });
  }
  await post(`/command_response/save/${command.id}`, {
    record: { resp_type: 'text', resp_text: 'A table for {{people}} on {{day}} is booked.' },
  });
  await waitForModel(server, token);
  return { serviceId: Number(service.id), commandId: Number(command.id) };
}

describe('test chat', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let paths: { serviceId: number; commandId: number };

  const panel = () => page.getByTestId('test-chat-panel');
  const input = () => page.getByTestId('test-chat-input');
  const answers = () => page.getByTestId('bot-answer');
  const lastAnswer = () => answers().last();

  async function say(text: string) {
    const before = await answers().count();
    await input().fill(text);
    await input().press('Enter');
    await expect.poll(() => answers().count()).toBe(before + 1);
  }

  beforeAll(async () => {
    server = await startServer();
    token = await registerOwner(server, owner);
    paths = await seedRestaurant(server, token);
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((saved) => localStorage.setItem('hiwar_token', saved), token);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('completes a two-variable command over several turns from the command page, with the trace', async () => {
    await page.goto(`/#/services/${paths.serviceId}/commands/${paths.commandId}/about`);
    await page.getByTestId('test-chat-open').click();
    await input().waitFor();
    expect(await panel().textContent()).toContain('Send a message to start a conversation with your bot.');

    await say('book a table');
    expect(await lastAnswer().textContent()).toContain('Which day would you like?');
    expect(await lastAnswer().getByTestId('trace-matched').textContent()).toContain('book_table');
    expect(await lastAnswer().getByTestId('trace-waiting').textContent()).toBe('Waiting for day');

    await say('saturday');
    expect(await lastAnswer().textContent()).toContain('For how many people?');
    expect(await lastAnswer().getByTestId('trace-variables').textContent()).toContain('day = saturday');
    expect(await lastAnswer().getByTestId('trace-waiting').textContent()).toBe('Waiting for people');

    await say('we are 4');
    expect(await lastAnswer().textContent()).toContain('A table for 4 on saturday is booked.');
    const values = await lastAnswer().getByTestId('trace-variables').textContent();
    expect(values).toContain('day = saturday');
    expect(values).toContain('people = 4');
    expect(await lastAnswer().getByTestId('trace-waiting').count()).toBe(0);
    await lastAnswer().getByTestId('trace-steps-toggle').click();
    expect(await lastAnswer().getByTestId('trace-steps').textContent()).toContain('response');
    await snap(page, 'test-chat-en');
  });

  it('answers with a pressed quick reply, keeps the conversation when reopened and starts over on reset', async () => {
    await page.getByTestId('test-chat-reset').click();
    await expect.poll(() => answers().count()).toBe(0);

    await page.getByTestId('test-chat-start-command').click();
    await expect.poll(() => answers().count()).toBe(1);
    expect(await lastAnswer().textContent()).toContain('Which day would you like?');
    await say('on a boat');
    expect(await lastAnswer().textContent()).toContain('We are open on these days:');
    await lastAnswer().getByRole('button', { name: 'Friday' }).click();
    await expect.poll(() => answers().count()).toBe(3);
    expect(await lastAnswer().textContent()).toContain('For how many people?');
    expect(await page.getByTestId('sender-message').last().textContent()).toBe('Friday');

    // the test turns stay apart from the owner's conversations: the history is the test sender's alone
    const history = await callApi(server, 'GET', '/test_chat/history', { token });
    expect((history.data as { turns: unknown[] }).turns).toHaveLength(3);

    await page.getByRole('button', { name: 'Close the test chat' }).click();
    await expect.poll(() => input().count()).toBe(0);
  });

  it('reopens from the debugger in Arabic, right to left, finishes the booking and resets', async () => {
    await context.addCookies([{ name: '_al', value: 'ar', url: server.url }]);
    await page.goto('/#/debugger');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('test-chat-open').click();
    await expect.poll(() => answers().count()).toBe(3);
    expect(await lastAnswer().getByTestId('trace-waiting').textContent()).toContain('people');

    await say('3');
    expect(await lastAnswer().textContent()).toContain('A table for 3 on friday is booked.');
    expect(await input().getAttribute('dir')).toBe('auto');
    // the inline end of a right-to-left page is its left side (polled: the drawer slides in)
    await expect.poll(async () => (await page.locator('.mantine-Drawer-content').boundingBox())?.x).toBe(0);
    await say('مرحبا');
    expect(await lastAnswer().getByTestId('trace-not-understood').textContent()).toBe('لم تُفهم');
    await snap(page, 'test-chat-ar');

    await page.getByTestId('test-chat-reset').click();
    await expect.poll(() => answers().count()).toBe(0);
    const history = await callApi(server, 'GET', '/test_chat/history', { token });
    expect(history.data).toEqual({ turns: [], variables: {}, waiting_for: null });
  });
});
