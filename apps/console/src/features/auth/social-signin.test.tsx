import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, type FakeServer, renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const withFacebook =
  (facebook: boolean, signup = 'open', rest: FakeServer = () => ({ json: { status: 1 } })): FakeServer =>
  (method, path, body) =>
    path === '/passport/signup'
      ? { json: { status: 1, data: { signup, facebook } } }
      : rest(method, path, body);

describe('Continue with Facebook', () => {
  it('is offered on the sign-in and sign-up pages when the operator set an app, keeping the redirect', async () => {
    stubServer(withFacebook(true));
    renderApp('/user/login?redirect=%2Fservices');
    const button = await screen.findByTestId('facebook-signin');
    expect(button.textContent).toBe('Continue with Facebook');
    expect(button.getAttribute('href')).toBe('/api/passport/facebook?redirect=%2Fservices');
  });

  it('is hidden when the operator set none, and on a closed sign-up page', async () => {
    stubServer(withFacebook(false));
    renderApp('/user/login');
    await screen.findByTestId('login-submit');
    await waitFor(() => expect(screen.queryByTestId('register-link')).not.toBeNull());
    expect(screen.queryByTestId('facebook-signin')).toBeNull();

    cleanup();
    vi.unstubAllGlobals();
    stubServer(withFacebook(true, 'closed'));
    renderApp('/user/register');
    await screen.findByTestId('register-closed');
    expect(screen.queryByTestId('facebook-signin')).toBeNull();
  });

  it('says in Arabic why a sign-in with Facebook came back, and ignores a reason it does not know', async () => {
    stubServer(withFacebook(true));
    renderApp('/user/login?social_error=email_in_use', 'ar');
    expect((await screen.findByTestId('social-signin-error')).textContent).toBe(
      'يستخدم حسابٌ هنا عنوان بريدك على فيسبوك، لكنه غير مرتبط بملفك على فيسبوك. سجّل الدخول بكلمة مروره.',
    );
    cleanup();
    vi.unstubAllGlobals();
    stubServer(withFacebook(true));
    renderApp('/user/login?social_error=%3Cscript%3E');
    await screen.findByTestId('facebook-signin');
    expect(screen.queryByTestId('social-signin-error')).toBeNull();
  });
});

describe('social register page', () => {
  const pending = { provider: 'facebook', name: 'Layla Hassan', email: 'layla@example.com' };

  it('fills the name and email Facebook gave, keeps the email as it is, and signs in on completion', async () => {
    const fetchStub = stubServer((method, path) => {
      if (path === '/user/social_register/tok-1') return { json: { status: 1, data: pending } };
      if (method === 'POST' && path === '/user/social_register')
        return { json: { status: 1, msg: 'Successfully saved', access_token: 'fresh' } };
      return { json: { status: 1 } };
    });
    const { router } = renderApp('/user/social_register/tok-1');
    const email = (await screen.findByDisplayValue('layla@example.com')) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByDisplayValue('Layla Hassan')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'layla_hassan' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-password' } });
    fireEvent.change(screen.getByLabelText('Retype password'), { target: { value: 'long-password' } });
    fireEvent.click(screen.getByTestId('social-submit'));
    await waitFor(() => expect(localStorage.getItem('hiwar_token')).toBe('fresh'));
    await waitFor(() => expect(currentPath(router)).not.toMatch(/^\/user\//));
    const sent = fetchStub.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      username: 'layla_hassan',
      user_email: 'layla@example.com',
      user_fullname: 'Layla Hassan',
      user_password: 'long-password',
      user_password_confirmation: 'long-password',
      user_token: 'tok-1',
    });
  });

  it('shows why and the way back, not the form, for a token that is unknown, old or used', async () => {
    stubServer(() => ({ status: 404, json: { status: 0, msg: 'Error Access Token' } }));
    renderApp('/user/social_register/gone');
    expect((await screen.findByTestId('social-expired')).textContent).toBe(
      'This sign-in with Facebook has expired or was already used. Continue with Facebook again.',
    );
    expect(screen.queryByTestId('social-submit')).toBeNull();
    expect(screen.getByTestId('back-to-login')).toBeDefined();
  });
});

describe('social sign-in page', () => {
  it('trades the ticket once for a session and opens the page the sign-in started from', async () => {
    const fetchStub = stubServer(() => ({
      json: { status: 1, access_token: 'ticketed', token_type: 'Bearer', expires_in: 60 },
    }));
    const { router } = renderApp('/user/social_signin/ticket-1?redirect=%2Fservices');
    await waitFor(() => expect(currentPath(router)).toBe('/services'));
    expect(localStorage.getItem('hiwar_token')).toBe('ticketed');
    const trades = fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/passport/social_login'));
    expect(trades).toHaveLength(1);
    expect(JSON.parse(String(trades[0]?.[1]?.body))).toEqual({ token: 'ticket-1' });
  });

  it('says so when the ticket is no longer good', async () => {
    stubServer(() => ({ status: 404, json: { status: 0, msg: 'Error Access Token' } }));
    renderApp('/user/social_signin/old', 'ar');
    expect((await screen.findByTestId('social-signin-failed')).textContent).toBe(
      'انتهت صلاحية تسجيل الدخول هذا أو استُخدم من قبل. يُرجى تسجيل الدخول مرة أخرى.',
    );
    expect(localStorage.getItem('hiwar_token')).toBeNull();
  });
});
