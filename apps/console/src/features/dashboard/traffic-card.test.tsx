import type { TrafficBucket } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  askedFor,
  inboxServer,
  inboxState,
  stubInboxFetch,
} from '../conversations/conversations.test-support.ts';
import { formatBucketLabel } from './bucket-label.ts';

afterEach(() => vi.unstubAllGlobals());

const bucket = (
  label: string,
  byLang: Record<string, number>,
  understoodByLang: Record<string, number>,
): TrafficBucket => ({
  label,
  messages: Object.values(byLang).reduce((sum, count) => sum + count, 0),
  understood: Object.values(understoodByLang).reduce((sum, count) => sum + count, 0),
  by_lang: byLang,
  understood_by_lang: understoodByLang,
});

function trafficState() {
  return inboxState({
    waiting: { waiting: 7, handoffs: 2 },
    traffic: {
      day: [
        bucket('2026-11-25', { ar: 1000, en: 200 }, { ar: 800, en: 100 }),
        bucket('2026-11-26', { ar: 800 }, { ar: 700 }),
      ],
      month: [
        bucket('2026-10', { ar: 20000, en: 10000, other: 1000 }, { ar: 16000, en: 8000, other: 1000 }),
        bucket('2026-11', { en: 9000 }, { en: 6000 }),
      ],
      year: [],
    },
  });
}

describe('dashboard traffic', () => {
  it('draws the messages per day with the understood share and languages, and switches to months and years', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(trafficState()));
    renderApp('/dashboard');
    const traffic = await screen.findByTestId('traffic');
    expect(await within(traffic).findByText('2,000 customer messages, 80% understood')).toBeDefined();
    expect(within(traffic).getByTestId('traffic-bucket-2026-11-25').getAttribute('aria-label')).toBe(
      'Nov 25: 1,200 customer messages, 75% understood (Arabic 1,000, English 200)',
    );
    expect(within(traffic).getByText('Arabic: 1,800, 83% understood')).toBeDefined();
    expect(within(traffic).getByText('English: 200, 50% understood')).toBeDefined();
    expect(askedFor(fetchStub, '/user/traffic')).toEqual(['/user/traffic?period=day']);

    fireEvent.click(within(traffic).getByText('Month'));
    expect(await within(traffic).findByText('40,000 customer messages, 78% understood')).toBeDefined();
    expect(within(traffic).getByText('Nov 2026')).toBeDefined();
    expect(within(traffic).getByText('English: 19,000, 74% understood')).toBeDefined();
    expect(within(traffic).getByText('Locations: 1,000, 100% understood')).toBeDefined();

    fireEvent.click(within(traffic).getByText('Year'));
    expect(await within(traffic).findByTestId('traffic-empty')).toBeDefined();
    expect(askedFor(fetchStub, '/user/traffic')).toEqual([
      '/user/traffic?period=day',
      '/user/traffic?period=month',
      '/user/traffic?period=year',
    ]);
  });

  it('writes the chart in Arabic with Western digits, and links the waiting count to the inbox', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(trafficState()));
    renderApp('/dashboard', 'ar');
    const traffic = await screen.findByTestId('traffic');
    const percent = formatNumber(0.8, 'ar', { style: 'percent' });
    expect(await within(traffic).findByText(`2,000 رسالة من العملاء، فُهم منها ${percent}`)).toBeDefined();
    expect(within(traffic).getByText(formatBucketLabel('2026-11-25', 'day', 'ar'))).toBeDefined();
    expect(traffic.textContent).not.toMatch(/[٠-٩]/);
    const waiting = await screen.findByTestId('waiting-not-understood');
    await waitFor(() => expect(waiting.textContent).toBe('غير المفهومة: 7 بالانتظار'));
    expect(waiting.getAttribute('href')).toBe('/conversations/not-understood');
    expect(screen.getByTestId('waiting-handoffs').textContent).toBe('2 بانتظار شخص');
    // the count opens the list narrowed to the senders with a person
    expect(screen.getByTestId('waiting-handoffs').getAttribute('href')).toBe('/conversations?handed_over=1');
  });

  // issue #31 item 6: the dashboard said "15 messages, 100% understood" while a message waited in the inbox
  it('counts a new message in the traffic when it joins the waiting count', async () => {
    setToken('t');
    const state = inboxState({
      waiting: { waiting: 0, handoffs: 0 },
      traffic: { day: [bucket('2026-11-29', { en: 15 }, { en: 15 })] },
    });
    const { fetchStub, emit } = stubInboxFetch(inboxServer(state));
    renderApp('/dashboard');
    const traffic = await screen.findByTestId('traffic');
    expect(await within(traffic).findByText('15 customer messages, 100% understood')).toBeDefined();
    const waiting = await screen.findByTestId('waiting-not-understood');
    await waitFor(() => expect(waiting.textContent).toBe('Not understood: 0 waiting'));
    await waitFor(() => expect(askedFor(fetchStub, '/stream_fetch/inbox')).toHaveLength(1));

    // the customer writes a message the bot does not understand
    state.waiting = { waiting: 1, handoffs: 0 };
    state.traffic = { day: [bucket('2026-11-29', { en: 16 }, { en: 15 })] };
    emit('turn', { sender_key: 'web:11' });
    await waitFor(() => expect(waiting.textContent).toBe('Not understood: 1 waiting'), { timeout: 3000 });
    expect(await within(traffic).findByText('16 customer messages, 94% understood')).toBeDefined();
    expect(askedFor(fetchStub, '/user/traffic')).toEqual([
      '/user/traffic?period=day',
      '/user/traffic?period=day',
    ]);
  });
});
