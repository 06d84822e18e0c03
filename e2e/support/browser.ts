import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { screenshotDir } from './paths.ts';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // a microphone that plays a tone, allowed without asking: the messenger's recording can be driven
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
}

/** Saves a full-page screenshot under e2e/screenshots/ for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Waits for the finite animations and transitions running now (a toast sliding in, a layout turning). */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** What the window shows now, toasts included, once what moves has settled. */
export async function snapWindow(page: Page, name: string): Promise<void> {
  await settleAnimations(page);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/**
 * A screenshot of the whole page at once: the window grows to the page's height (so fixed bars stay in place)
 * and notifications are hidden, then both are restored.
 */
export async function snapPage(page: Page, name: string): Promise<void> {
  // a layout still moving (the frame slides its sidebar across when the language turns right to left) would be
  // caught half way
  await settleAnimations(page);
  const hideToasts = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none }' });
  const viewport = page.viewportSize() ?? { width: 1280, height: 860 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await snap(page, name);
  await page.setViewportSize(viewport);
  await hideToasts.evaluate((style) => style.parentNode?.removeChild(style));
}

/** Switches the console's language from the header menu and waits for the page direction to follow. */
export async function switchLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`lang-${lang}`).click();
  await page.waitForFunction((dir) => document.documentElement.dir === dir, lang === 'ar' ? 'rtl' : 'ltr');
}
