import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerOwner, signInThroughConsole } from '../support/api.ts';
import { launchBrowser, switchLanguage } from '../support/browser.ts';
import { screenshotDir } from '../support/paths.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** The first steps on an empty dashboard, training status, Enter and form errors. */

const owner = {
  username: 'layla_pizza',
  fullname: 'Layla Haddad',
  email: 'layla@example.com',
  password: 'secret-pass-1',
};

const ids = { service: 0, command: 0 };

/**
 * What the window shows, toasts included (the toasts are what these screens changed). Not the full page: a
 * full-page capture of a scrolled page draws the fixed header and sidebar where the window was, and shifts a
 * right-to-left page sideways.
 */
async function snapWindow(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}
const examplesPath = () => `/#/services/${ids.service}/commands/${ids.command}/examples`;

const firstStep = (page: Page, id: string) => page.getByTestId(`first-step-${id}`);
const isDone = async (page: Page, id: string) =>
  (await firstStep(page, id).getAttribute('data-done')) === 'true';

/** Whether the element is on screen now (not only somewhere on the long page). */
function isInViewport(page: Page, selector: string) {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

/** The empty menu item's title has the cursor and sits inside the window once the smooth scroll is over. */
async function expectEmptyTitleRevealed(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="menu-item"]') !== null))
    .toBe(true);
  await expect
    .poll(() => isInViewport(page, '[data-testid="menu-item"] input'), { timeout: 5000 })
    .toBe(true);
  // the toast's entrance and the scroll settle before a screenshot
  await page.waitForTimeout(800);
}

describe('authoring polish: first steps, training status, Enter and form errors', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  /** chatbot saves the browser sent: Enter and a refused save must send none */
  let chatbotSaves = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await registerOwner(server, owner);
    page = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(15_000);
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chatbot/save')) chatbotSaves += 1;
    });
    await signInThroughConsole(page, owner);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('offers a new owner the three first steps in English and Arabic, each a link to its screen', async () => {
    const guide = page.getByRole('region', { name: 'Your first steps' });
    await guide.waitFor();
    expect(await guide.getByText('0 of 3 done').count()).toBe(1);
    expect(await firstStep(page, 'examples').getByRole('link').getAttribute('href')).toBe('#/scenario');
    await snapWindow(page, 'polish-first-steps-en');

    await switchLanguage(page, 'ar');
    await page.getByRole('region', { name: 'خطواتك الأولى' }).waitFor();
    expect(await firstStep(page, 'try').getByRole('link', { name: 'افتح المصحح' }).count()).toBe(1);
    await snapWindow(page, 'polish-first-steps-ar');
    await switchLanguage(page, 'en');

    await firstStep(page, 'examples').getByRole('link', { name: 'Open the scenario screen' }).click();
    await page.waitForURL(/#\/scenario$/);
  });

  it('checks each step from the owner’s data, leads to the response, and steps aside once all are done', async () => {
    const service = await callApi(server, 'POST', '/service/save', {
      token,
      body: { service_name: 'Pizza shop', service_description: '' },
    });
    ids.service = Number(service.id);
    const command = await callApi(server, 'POST', `/command/save/${ids.service}/0`, {
      token,
      body: { command_name: 'order pizza', command_description: '', command_lang: 'en' },
    });
    ids.command = Number(command.id);
    for (const text of ['i want a pizza', 'can i order a large pizza', 'one margherita please'])
      await callApi(server, 'POST', '/command_example/save_example', {
        token,
        body: { example_command_id: ids.command, example_text: text, example_lang: 'en', example_status: 1 },
      });

    await page.goto('/#/dashboard');
    await expect.poll(() => isDone(page, 'examples'), { timeout: 10_000 }).toBe(true);
    expect(await isDone(page, 'response')).toBe(false);

    await firstStep(page, 'response').getByRole('link', { name: 'Write the response' }).click();
    await page.waitForURL(new RegExp(`#/scenario\\?service=${ids.service}&command=${ids.command}$`));
    await page.getByLabel('Response text').fill('Which size would you like?');
    await page.getByTestId('scenario-response').getByRole('button', { name: 'Save' }).click();
    await page.getByText('successfully updated').first().waitFor();

    await page.goto('/#/dashboard');
    await expect.poll(() => isDone(page, 'response'), { timeout: 10_000 }).toBe(true);
    await snapWindow(page, 'polish-first-steps-two-done-en');

    await firstStep(page, 'try').getByRole('link', { name: 'Open the debugger' }).click();
    await page.waitForURL(/#\/debugger$/);
    await page.getByTestId('debug-input').fill('a large pizza please');
    await page.getByTestId('debug-input').press('Enter');
    await page.getByTestId('debug-matched').waitFor();

    await page.goto('/#/dashboard');
    await page.getByTestId('stat-commands').waitFor();
    await expect.poll(() => page.getByTestId('first-steps').count(), { timeout: 10_000 }).toBe(0);
  });

  it('saves an example row on Enter', async () => {
    await page.goto(examplesPath());
    const list = page.getByTestId('examples-list');
    await list.getByTestId('example-row').first().waitFor();
    await page.getByRole('button', { name: 'New Example' }).click();
    const row = list.getByTestId('example-row').first();
    await row.getByLabel('Example text').fill('a pepperoni pizza for two');
    await row.getByLabel('Example text').press('Enter');
    await page.getByText('Successfully saved').first().waitFor();
    await list.locator('[data-testid="example-row"][data-unsaved]').waitFor({ state: 'detached' });
    expect(await list.getByTestId('example-text').allTextContents()).toContain('a pepperoni pizza for two');
  });

  it('shows Training until the server is free, then how long it took — also after navigating away and back', async () => {
    await page.goto(examplesPath());
    await page.getByRole('button', { name: 'Train' }).click();
    const busy = page.getByRole('button', { name: 'Training' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await snapWindow(page, 'polish-training-en');
    const finished = page.getByText(/^Training finished in \d+ s$/);
    await finished.waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Train' }).waitFor();
    await snapWindow(page, 'polish-training-finished-en');

    await switchLanguage(page, 'ar');
    await page.getByRole('button', { name: 'درّب' }).click();
    await page.getByRole('button', { name: 'جارٍ التدريب' }).waitFor();
    // away to the about tab and back: a training still running shows busy again, one that ended meanwhile is
    // reported on return — either way its end is said
    await page.getByRole('tab', { name: 'حول' }).click();
    await page.waitForURL(/\/about$/);
    await page.getByRole('tab', { name: 'الأمثلة' }).click();
    await page.waitForURL(/\/examples$/);
    await page.getByText(/^اكتمل التدريب في \d+ ث$/).waitFor({ timeout: 45_000 });
    await snapWindow(page, 'polish-training-finished-ar');
    await switchLanguage(page, 'en');
  });

  it('never saves the chatbot settings on Enter, and names, shows and focuses an empty menu item', async () => {
    await page.goto('/#/chatbot');
    await page.getByTestId('chatbot-form').waitFor();
    const name = page.getByRole('region', { name: 'Main Info' }).getByLabel('Chatbot name');
    await name.fill('Layla’s pizza');
    await name.press('Enter');
    await page.waitForTimeout(500);
    expect(chatbotSaves).toBe(0);

    const menu = page.getByRole('region', { name: 'Persistent Menu' });
    await menu.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const message = 'Persistent Menu → Default menu → Item 1 → Title (level 1): The title field is required';
    await page.getByText(message).waitFor();
    await expectEmptyTitleRevealed(page);
    expect(chatbotSaves).toBe(0);
    await snapWindow(page, 'polish-menu-error-en');

    await page.getByText('Some fields need your attention').waitFor({ state: 'hidden', timeout: 10_000 });
    await switchLanguage(page, 'ar');
    await page.getByTestId('chatbot-form').waitFor();
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await page
      .getByText(/^القائمة الثابتة ← القائمة الافتراضية ← العنصر 1 ← العنوان \(المستوى 1\): /)
      .waitFor();
    await expectEmptyTitleRevealed(page);
    await snapWindow(page, 'polish-menu-error-ar');
    expect(chatbotSaves).toBe(0);
    await switchLanguage(page, 'en');
  });
});
