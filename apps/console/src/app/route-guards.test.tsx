import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../test/render-app.tsx';
import { builtSidebarEntries } from './shell/built-sidebar-entries.ts';
import { sidebarEntries } from './shell/sidebar-entries.ts';

const stats = { status: 1, senders: 3, services: 2, commands: 9 };

afterEach(() => vi.unstubAllGlobals());

describe('redirect rules', () => {
  it('sends a visitor from a signed-in page to the login page with the path to return to', async () => {
    const { router } = renderApp('/settings');
    await waitFor(() => expect(currentPath(router)).toBe('/user/login?redirect=%2Fsettings'));
    expect(screen.getByLabelText('Email')).toBeDefined();
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('redirects the root to the dashboard and /user to the login page', async () => {
    setToken('t');
    stubServer(() => ({ json: stats }));
    const root = renderApp('/');
    await waitFor(() => expect(currentPath(root.router)).toBe('/dashboard'));
    root.unmount();
    localStorage.clear();
    const user = renderApp('/user');
    await waitFor(() => expect(currentPath(user.router)).toBe('/user/login'));
  });

  it('sends a signed-in user away from the visitor pages to the root', async () => {
    setToken('t');
    stubServer(() => ({ json: stats }));
    const { router } = renderApp('/user/register');
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(await screen.findByTestId('sidebar')).toBeDefined();
  });

  it('sends unknown paths to /404', async () => {
    setToken('t');
    stubServer(() => ({ json: { status: 1 } }));
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(currentPath(router)).toBe('/404'));
    expect(screen.getByText("Oops! You're lost.")).toBeDefined();
  });

  it('shows only the sidebar entries whose feature is built; an unbuilt path goes to /404', async () => {
    setToken('t');
    stubServer(() => ({ json: { status: 1 } }));
    const built = builtSidebarEntries();
    const unbuilt = sidebarEntries.filter((entry) => !built.includes(entry));
    const { router } = renderApp(unbuilt[0]?.path ?? '/no/such/page');
    await waitFor(() => expect(currentPath(router)).toBe('/404'));
    const shown = within(screen.getByTestId('sidebar'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('data-testid'));
    expect(shown).toEqual(built.map((entry) => `nav-${entry.id}`));
  });

  it('returns to the redirect path after signing in', async () => {
    const fetchStub = stubServer((_method, path) =>
      path === '/passport/login'
        ? { json: { status: 1, access_token: 'abc', token_type: 'Bearer', expires_in: 60 } }
        : { json: stats },
    );
    const { router } = renderApp('/user/login?redirect=%2Fdashboard');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(localStorage.getItem('hiwar_token')).toBe('abc');
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/passport/login',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the credentials message when the login fails', async () => {
    stubServer(() => ({
      status: 401,
      json: { status: 0, msg: 'Invalid User Credentials Please Try Again' },
    }));
    renderApp('/user/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Invalid User Credentials Please Try Again',
    );
  });

  it('ends the session on logout and lands on the login page without a redirect back', async () => {
    setToken('t');
    const fetchStub = stubServer(() => ({ json: { status: 1 } }));
    const { router } = renderApp('/user/logout');
    await waitFor(() => expect(currentPath(router)).toBe('/user/login'));
    expect(localStorage.getItem('hiwar_token')).toBeNull();
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/passport/logout',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
