import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const arabic = /[\u0600-\u06FF]/;

describe('accounts, language and the console frame', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const owner = {
    username: 'layla_owner',
    fullname: 'Layla Haddad',
    email: 'layla@example.com',
    password: 'secret-pass-1',
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers, signs in automatically and shows zero counts on the dashboard', async () => {
    await page.goto('/#/user/register');
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Full name').fill(owner.fullname);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Retype password').fill(owner.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL(/#\/dashboard$/);
    for (const stat of ['senders', 'services', 'commands']) {
      await expect.poll(() => page.getByTestId(`stat-${stat}-count`).textContent()).toBe('0');
    }
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(true);
    await snap(page, 'dashboard-en');
  });

  it('switches to Arabic, lays the page out right to left, and keeps it after a reload', async () => {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-ar').click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('sidebar').textContent()).toMatch(arabic);
    await snap(page, 'dashboard-ar');

    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('sidebar').textContent()).toMatch(arabic);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === '_al')?.value).toBe('ar');
  });

  it('logs out, sends a protected route to login with the redirect, and returns there after sign-in', async () => {
    await page.goto('/#/user/logout');
    await page.waitForURL(/#\/user\/login/);
    await page.getByLabel('البريد الإلكتروني').waitFor();
    await snap(page, 'login-ar');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-en').click();
    await expect
      .poll(() => context.cookies().then((all) => all.find((c) => c.name === '_al')?.value))
      .toBe('en');
    await page.goto('/#/dashboard');
    await page.waitForURL(/#\/user\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/dashboard');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.getByLabel('Email').waitFor();
    await snap(page, 'login-en');

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: /sign in|login/i }).click();
    await page.waitForURL(/#\/dashboard$/);
    await expect.poll(() => page.getByTestId('stat-commands-count').textContent()).toBe('0');
  });

  it('shows the spec message for a wrong password', async () => {
    await page.goto('/#/user/logout');
    await page.waitForURL(/#\/user\/login/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: /sign in|login/i }).click();
    await expect
      .poll(() => page.getByText('Invalid User Credentials Please Try Again').first().isVisible())
      .toBe(true);
    expect(page.url()).toMatch(/#\/user\/login/);
  });
});
