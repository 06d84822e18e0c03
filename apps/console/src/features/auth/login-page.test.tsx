import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

function signIn() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login page', () => {
  it('shows the throttle message when the server answers 429', async () => {
    stubServer(() => ({
      status: 429,
      json: { status: 0, msg: 'Too many login attempts, please try again later' },
    }));
    renderApp('/user/login');
    signIn();
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many login attempts, please try again later',
    );
  });

  it('checks the email before sending anything', async () => {
    const fetchStub = stubServer(() => ({ json: { status: 1 } }));
    renderApp('/user/login', 'ar');
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('يجب أن يكون البريد الإلكتروني عنوانًا صالحًا')).toBeDefined();
    // only the server's sign-up setting was read; nothing was sent
    expect(fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('offers no sign-up link when the server takes none', async () => {
    stubServer((_method, path) =>
      path === '/passport/signup'
        ? { json: { status: 1, data: { signup: 'closed' } } }
        : { json: { status: 1 } },
    );
    renderApp('/user/login');
    await screen.findByTestId('login-submit');
    await waitFor(() => expect(screen.queryByTestId('register-link')).toBeNull());
  });
});
