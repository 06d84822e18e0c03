import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('dashboard', () => {
  it('shows the three counts from /user/stats with their usage against the plan limit', async () => {
    setToken('t');
    stubServer((_method, path) =>
      path === '/user/stats'
        ? { json: { status: 1, senders: 240, services: 30, commands: 12 } }
        : { status: 404, json: { status: 0, msg: 'Not found' } },
    );
    renderApp('/dashboard');
    const senders = await screen.findByTestId('stat-senders');
    expect(await within(senders).findByText('240')).toBeDefined();
    expect(within(senders).getByText('240 of 1,000')).toBeDefined();
    expect(within(screen.getByTestId('stat-services')).getByText('60% of the plan limit')).toBeDefined();
    expect(within(screen.getByTestId('stat-commands')).getByText('12')).toBeDefined();
  });
});
