import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Owner, registerOwner, signInThroughConsole } from './api.ts';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** A page in a fresh browser context on the server: a 1280×860 window, 15 s for each action. */
export async function newConsolePage(browser: Browser, server: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** Switches the console's language from the header menu and waits for the page's direction to follow. */
export async function switchLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  // a click on the menu while its last dropdown is still closing can miss: chosen again until the page turns
  await expect
    .poll(
      async () => {
        await page.getByTestId('language-menu').click();
        const item = page.getByTestId(`lang-${lang}`);
        await item.click({ timeout: 3000 }).catch(() => undefined);
        await item.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
        return page.locator('html').getAttribute('dir');
      },
      { timeout: 15_000 },
    )
    .toBe(dir);
}

/** A server, a browser and a console page signed in as a newly registered owner; `close` ends them. */
export interface SignedInConsole {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** the owner's API token, for seeding through the API */
  token: string;
  close(): Promise<void>;
}

export async function openSignedInConsole(
  owner: Owner,
  env: Record<string, string> = {},
): Promise<SignedInConsole> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  const page = await newConsolePage(browser, server);
  const token = await registerOwner(server, owner);
  await signInThroughConsole(page, owner);
  return {
    server,
    browser,
    page,
    token,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
