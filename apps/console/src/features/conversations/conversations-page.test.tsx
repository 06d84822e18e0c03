import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { formatDateTime } from '../../lib/format-number.ts';
import { currentPath, renderApp } from '../../test/render-app.tsx';
import {
  askedFor,
  conversationRow,
  inboxServer,
  inboxState,
  stubInboxFetch,
} from './conversations.test-support.ts';

afterEach(() => vi.unstubAllGlobals());

const rania = conversationRow('web:11', {
  name: 'رانيا',
  last_text: 'أريد بيتزا',
  last_lang: 'ar',
  handoff: 'waiting',
});
const omar = conversationRow('telegram:22', { username: 'omar_k', last_text: 'opening hours?' });

async function choose(label: string, option: string) {
  fireEvent.click(within(screen.getByTestId('conversation-filters')).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('conversations list', () => {
  it('lists each sender with platform, name, last message in its own direction and time, linking to the transcript', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(inboxState({ conversations: [rania, omar] })));
    renderApp('/conversations');
    const row = await screen.findByTestId('conversation-row-web:11');
    expect(within(row).getByText('Web messenger')).toBeDefined();
    expect(within(row).getByRole('link', { name: 'رانيا' }).getAttribute('href')).toBe(
      '/conversations/web%3A11',
    );
    expect(within(row).getByText('11')).toBeDefined();
    expect(within(row).getByTestId('last-text').getAttribute('dir')).toBe('auto');
    expect(within(row).getByText('أريد بيتزا')).toBeDefined();
    expect(within(row).getByText('Waiting for a person')).toBeDefined();
    expect(within(row).getByText(formatDateTime(rania.last_at, 'en'))).toBeDefined();
    const other = screen.getByTestId('conversation-row-telegram:22');
    expect(within(other).getByRole('link', { name: 'omar_k' })).toBeDefined();
    expect(within(other).getByText('Telegram')).toBeDefined();
  });

  it('puts the filters and the search into the query, back on the first page', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(inboxState({ conversations: [omar], hasMore: true })));
    const { router } = renderApp('/conversations');
    await screen.findByTestId('conversation-row-telegram:22');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(askedFor(fetchStub, '/conversations?page=2')).toHaveLength(1));

    await choose('Platform', 'Telegram');
    await choose('Language', 'Arabic');
    await choose('Command', 'opening_hours');
    fireEvent.click(screen.getByLabelText('Not understood only'));
    fireEvent.click(screen.getByLabelText('With a person only'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-26' } });
    fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: ' pizza ' } });
    await waitFor(() =>
      expect(askedFor(fetchStub, '/conversations?').at(-1)).toBe(
        '/conversations?page=1&platform=telegram&from=2026-11-01&to=2026-11-26&lang=ar&command_id=9&not_understood=1&handed_over=1&search=pizza',
      ),
    );
    expect(currentPath(router)).toBe(
      '/conversations?platform=telegram&lang=ar&command_id=9&not_understood=1&handed_over=1&from=2026-11-01&to=2026-11-26&search=pizza',
    );
  });

  it('asks nothing for a reversed date range and says why', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(inboxState({ conversations: [omar] })));
    renderApp('/conversations?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText('The from date must not be after the to date')).toBeDefined();
    expect(askedFor(fetchStub, '/conversations?')).toEqual([]);
  });

  it('shows "no data" when nothing matches, in Arabic too', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(inboxState()));
    renderApp('/conversations', 'ar');
    expect(await screen.findByRole('heading', { name: 'المحادثات' })).toBeDefined();
    expect(await screen.findByText('لا توجد بيانات', { exact: false })).toBeDefined();
  });
});
