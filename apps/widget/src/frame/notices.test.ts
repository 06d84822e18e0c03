import type { BotMessage } from '@hiwar/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNoticePolling } from './notices.ts';

const confirmed = (id: number) => ({
  notice_id: id,
  message: { type: 'text', text: `Your order A${id} is confirmed.` } as BotMessage,
});

describe('notices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each notice once, asks after the last one shown, and remembers it across a reload', async () => {
    const server = [confirmed(4)];
    const asked: number[] = [];
    const source = {
      notices: async (after: number) => {
        asked.push(after);
        return server.filter((notice) => notice.notice_id > after);
      },
    };
    const shown: BotMessage[] = [];
    const stop = startNoticePolling({
      source,
      show: (messages) => shown.push(...messages),
      window,
      storageKey: 'notice-test',
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([confirmed(4).message]);
    server.push(confirmed(9));
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown).toEqual([confirmed(4).message, confirmed(9).message]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown).toHaveLength(2);
    expect(asked).toEqual([0, 4, 9]);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toHaveLength(3);

    // a reloaded messenger asks only after the last notice it showed
    const again: BotMessage[] = [];
    const stopAgain = startNoticePolling({
      source,
      show: (m) => again.push(...m),
      window,
      storageKey: 'notice-test',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)).toBe(9);
    expect(again).toEqual([]);
    stopAgain();
  });

  it('skips a failed poll and shows the notice on the next one', async () => {
    let isDown = true;
    const shown: BotMessage[] = [];
    const stop = startNoticePolling({
      source: {
        notices: async () => {
          if (isDown) throw new Error('offline');
          return [confirmed(1)];
        },
      },
      show: (messages) => shown.push(...messages),
      window,
      storageKey: 'notice-failure',
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([]);
    isDown = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown).toEqual([confirmed(1).message]);
    stop();
  });
});
