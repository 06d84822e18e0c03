import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

function fillRegistration(password = 'secret1', retype = password) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'owner' } });
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Owner Name' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Retype password'), { target: { value: retype } });
  fireEvent.click(screen.getByTestId('register-submit'));
}

describe('register page', () => {
  it('checks the spec rules before sending anything', async () => {
    const fetchStub = stubServer(() => ({ json: { status: 1 } }));
    renderApp('/user/register');
    fillRegistration('12345', '54321');
    expect(await screen.findByText('The password must be at least 6 characters')).toBeDefined();
    // only the server's sign-up setting was read; nothing was sent
    expect(fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('signs in with the same credentials after registering', async () => {
    const fetchStub = stubServer((_method, path) =>
      path === '/passport/login' ? { json: { status: 1, access_token: 'new' } } : { json: { status: 1 } },
    );
    const { router } = renderApp('/user/register');
    fillRegistration();
    await waitFor(() => expect(localStorage.getItem('hiwar_token')).toBe('new'));
    await waitFor(() => expect(currentPath(router)).not.toBe('/user/register'));
    const loginCall = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/passport/login'));
    const loginBody = JSON.parse(String(loginCall?.[1]?.body));
    expect(loginBody).toEqual({ email: 'owner@example.com', password: 'secret1' });
  });

  it('asks for the verification mail when the automatic sign-in is refused, and sends the link again', async () => {
    const fetchStub = stubServer((_method, path) =>
      path === '/passport/login'
        ? { status: 403, json: { status: 0, msg: 'Your account is not activated yet' } }
        : { json: { status: 1 } },
    );
    renderApp('/user/register');
    fillRegistration();
    const notice = await screen.findByTestId('register-verify');
    expect(notice.textContent).toContain(
      'Check your email: we sent an activation link to owner@example.com. Open it, then sign in.',
    );
    fireEvent.click(screen.getByTestId('register-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('register-resend').textContent).toBe(
        'Sent again: the earlier link no longer works',
      ),
    );
    const resend = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/user/resend_activation'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'owner@example.com' });
  });

  it('says when the server takes no sign-ups, and the sign-in page offers none', async () => {
    stubServer((_method, path) =>
      path === '/passport/signup'
        ? { json: { status: 1, data: { signup: 'closed' } } }
        : { json: { status: 1 } },
    );
    renderApp('/user/register');
    expect((await screen.findByTestId('register-closed')).textContent).toBe(
      'This server takes no sign-ups. Ask its operator for an account.',
    );
    expect(screen.queryByTestId('register-submit')).toBeNull();
    expect(screen.getByTestId('back-to-login')).toBeDefined();
  });

  it('shows server field errors under their fields and the server message above', async () => {
    stubServer(() => ({
      status: 422,
      json: {
        status: 0,
        msg: 'The given data was invalid.',
        errors: { user_email: ['The email has already been taken'] },
      },
    }));
    renderApp('/user/register');
    fillRegistration();
    expect(await screen.findByText('The email has already been taken')).toBeDefined();
    expect(screen.getByTestId('register-error').textContent).toBe('The given data was invalid.');
  });
});
