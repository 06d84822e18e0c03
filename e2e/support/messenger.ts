import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './api.ts';
import { snap } from './browser.ts';
import type { RunningServer } from './server.ts';

/**
 * The web messenger as a visitor of another site meets it: the host page (apps/widget/test-support's
 * `startHostSite`, on its own origin) with the bot's embed snippet, opened from the launcher button.
 */
export async function openMessenger(
  context: BrowserContext,
  hostUrl: string,
  locale: string,
): Promise<{ page: Page; chat: FrameLocator }> {
  const page = await context.newPage();
  await page.goto(`${hostUrl}/?locale=${locale}`);
  await page.locator('[data-hiwar-bot] button').click();
  const chat = page.frameLocator('[data-hiwar-bot] iframe');
  await chat.locator('.messenger.ready').waitFor();
  return { page, chat };
}

/** The bot's newest text bubble (a quick replies message's question is one too). */
export const lastBotText = (chat: FrameLocator) => chat.locator('.bot-bubble').last();

/** Types a message, sends it and waits until the bot's newest text is `expected`. */
export async function say(chat: FrameLocator, text: string, expected: string): Promise<void> {
  await chat.locator('textarea').fill(text);
  await chat.locator('.send-button').click();
  await expect.poll(() => lastBotText(chat).textContent(), { timeout: 15_000 }).toBe(expected);
}

/** Waits until the bot understands the message as the command (examples are learned in the background). */
export async function waitUntilUnderstood(
  server: RunningServer,
  token: string,
  message: string,
  commandId: number,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  let matched: unknown = null;
  while (Date.now() < deadline) {
    const debug = await callApi(server, 'GET', `/debug?message=${encodeURIComponent(message)}`, { token });
    matched =
      (debug.data as { matched_command?: { command_id: number } }).matched_command?.command_id ?? null;
    if (matched === commandId) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`"${message}" is not understood as command ${commandId} (matched ${String(matched)})`);
}

/** A screenshot of the host page with the messenger once the frame's finite animations have ended. */
export async function snapMessenger(page: Page, chat: FrameLocator, name: string): Promise<void> {
  await chat.locator('html').evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await snap(page, name);
}
