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
        return { notices: server.filter((notice) => notice.notice_id > after), handoff: false };
      },
    };
    const shown: BotMessage[] = [];
    const poller = startNoticePolling({
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
    poller.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toHaveLength(3);

    // a reloaded messenger asks only after the last notice it showed
    const again: BotMessage[] = [];
    const reloaded = startNoticePolling({
      source,
      show: (m) => again.push(...m),
      window,
      storageKey: 'notice-test',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)).toBe(9);
    expect(again).toEqual([]);
    reloaded.stop();
  });

  it('skips a failed poll and shows the notice on the next one', async () => {
    let isDown = true;
    const shown: BotMessage[] = [];
    const poller = startNoticePolling({
      source: {
        notices: async () => {
          if (isDown) throw new Error('offline');
          return { notices: [confirmed(1)], handoff: false };
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
    poller.stop();
  });

  it('asks every 1.5 s while a person answers the sender, and at once after a reply came', async () => {
    let handoff = false;
    let asked = 0;
    const poller = startNoticePolling({
      source: {
        notices: async () => {
          asked += 1;
          return { notices: [], handoff };
        },
      },
      show: () => {},
      window,
      storageKey: 'notice-handoff',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toBe(1);
    // the sender's message handed them over: the messenger asks at once, then every 1.5 s
    handoff = true;
    poller.pollSoon();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(asked).toBe(3);
    await vi.advanceTimersByTimeAsync(1500);
    expect(asked).toBe(4);
    // given back to the bot: every 10 s again
    handoff = false;
    await vi.advanceTimersByTimeAsync(1500);
    expect(asked).toBe(5);
    await vi.advanceTimersByTimeAsync(9000);
    expect(asked).toBe(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toBe(6);
    poller.stop();
  });
});
