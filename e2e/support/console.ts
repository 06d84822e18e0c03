import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

/** A page in a fresh browser context on the server: a 1280×860 window, 15 s for each action. */
export async function newConsolePage(browser: Browser, server: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** Switches the console's language from the header menu and waits for the page's direction to follow. */
export async function switchLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`lang-${lang}`).click();
  await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
}
