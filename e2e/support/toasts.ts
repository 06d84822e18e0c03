import type { Page } from 'playwright-core';
import { expect } from 'vitest';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where the frame's header bar, the breadcrumbs' and the page title's words and each toast are in the window.
 */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const boxOf = (rect: DOMRect) => ({
      top: rect.top,
      bottom: rect.bottom,
      left: rect.left,
      right: rect.right,
    });
    // each line of words inside the element, not the element's full-width box
    const wordBoxesOf = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} is not on the page`);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const boxes = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...Array.from(range.getClientRects(), boxOf));
      }
      return boxes;
    };
    const header = document.querySelector('header');
    if (!header) throw new Error('the header bar is not on the page');
    return {
      width: window.innerWidth,
      header: boxOf(header.getBoundingClientRect()),
      words: [...wordBoxesOf('[data-testid="breadcrumbs"]'), ...wordBoxesOf('main h2')],
      toasts: Array.from(document.querySelectorAll('.mantine-Notification-root'), (toast) =>
        boxOf(toast.getBoundingClientRect()),
      ),
    };
  });
}

/**
 * The toasts shown now sit under the header bar, one below the other, against the side the page starts on
 * (right in English, left in Arabic), and cover neither the breadcrumbs nor the page title.
 */
export async function expectToastsBelowHeader(page: Page, side: 'right' | 'left', count: number) {
  await expect.poll(async () => (await layoutOf(page)).toasts.length).toBe(count);
  // the last one's entrance over
  await page.waitForTimeout(400);
  const { width, header, words, toasts } = await layoutOf(page);
  const byTop = [...toasts].sort((a, b) => a.top - b.top);
  byTop.forEach((toast, index) => {
    expect(toast.top).toBeGreaterThanOrEqual(header.bottom);
    if (side === 'right') expect(width - toast.right).toBeLessThan(40);
    else expect(toast.left).toBeLessThan(40);
    for (const text of words) expect(overlaps(toast, text), JSON.stringify({ toast, text })).toBe(false);
    const next = byTop[index + 1];
    if (next) expect(toast.bottom).toBeLessThanOrEqual(next.top);
  });
}
