import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(resets: { place: string; reset_at: string }[]) {
  setToken('t');
  let current = resets;
  return stubServer((method, path) => {
    if (path === '/user/secret_resets') return { json: { status: 1, data: current } };
    if (path === '/user/secret_resets/dismiss' && method === 'POST') {
      current = [];
      return { json: { status: 1 } };
    }
    if (path === '/user/stats') {
      const first_steps = { command_with_examples: null, has_response: false };
      return { json: { status: 1, senders: 0, services: 0, commands: 0, first_steps } };
    }
    if (path === '/user/me')
      return { json: { status: 1, data: { user_id: 4, username: 'rania', avatar: null } } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
}

const at = '2026-11-28T04:00:00.000Z';

describe('the credentials a key reset emptied', () => {
  it('names each with a link to where it is entered again, until the owner says they are done', async () => {
    const fetchStub = serve([
      { place: 'telegram', reset_at: at },
      { place: 'facebook:1122', reset_at: at },
      { place: 'mail_server', reset_at: at },
      { place: 'data_source:7', reset_at: at },
    ]);
    renderApp('/dashboard');
    const alert = await screen.findByTestId('secret-resets');
    expect(within(alert).getByText('Enter these credentials again')).toBeDefined();
    const links = within(alert)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Telegram bot token', '/chatbot'],
      ['Messenger page 1122', '/chatbot'],
      ['Mail server password', '/settings'],
      ['Data source 7: password', '/datasources/7'],
    ]);
    fireEvent.click(within(alert).getByRole('button', { name: 'I have entered them' }));
    await waitFor(() => expect(screen.queryByTestId('secret-resets')).toBeNull());
    expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith('/user/secret_resets/dismiss'))).toBe(
      true,
    );
  });

  it('shows nothing when no secret was reset', async () => {
    serve([]);
    renderApp('/dashboard', 'ar');
    await screen.findByTestId('stat-senders');
    expect(screen.queryByTestId('secret-resets')).toBeNull();
  });
});
