import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { ownerProfile } from './settings.test-support.ts';

const profile = ownerProfile();

afterEach(() => vi.unstubAllGlobals());

describe('settings page', () => {
  it('prefills the basic card from /user/me and shows the password card to web accounts', async () => {
    setToken('t');
    stubServer(() => ({ json: { status: 1, data: profile } }));
    renderApp('/settings');
    const basic = await screen.findByTestId('settings-basic');
    expect((within(basic).getByLabelText('Email') as HTMLInputElement).value).toBe('owner@example.com');
    expect(screen.getByTestId('settings-password')).toBeDefined();
  });

  it('hides the password card from accounts registered through a social network', async () => {
    setToken('t');
    stubServer(() => ({ json: { status: 1, data: { ...profile, user_reg_driver: 'facebook' } } }));
    renderApp('/settings');
    await screen.findByTestId('settings-basic');
    expect(screen.queryByTestId('settings-password')).toBeNull();
  });

  it('shows a refused password change in the card and under the field', async () => {
    setToken('t');
    const fetchStub = stubServer((method) =>
      method === 'POST'
        ? {
            status: 422,
            json: {
              status: 0,
              msg: 'The old password is not correct',
              errors: { old_password: ['The old password is not correct'] },
            },
          }
        : { json: { status: 1, data: profile } },
    );
    renderApp('/settings');
    const card = await screen.findByTestId('settings-password');
    fireEvent.change(within(card).getByLabelText('Current password'), { target: { value: 'old-one' } });
    fireEvent.change(within(card).getByLabelText('New password'), { target: { value: 'new-secret' } });
    fireEvent.change(within(card).getByLabelText('Confirm new password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe('The old password is not correct'),
    );
    const body = JSON.parse(String(fetchStub.mock.calls.at(-1)?.[1]?.body));
    expect(body).toEqual({
      mode: 1,
      old_password: 'old-one',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
  });

  it('requires a support password of at least 8 characters before saving', async () => {
    setToken('t');
    const fetchStub = stubServer(() => ({ json: { status: 1, data: profile } }));
    renderApp('/settings');
    const card = await screen.findByTestId('settings-support');
    fireEvent.change(within(card).getByLabelText('Support username'), { target: { value: 'desk' } });
    fireEvent.change(within(card).getByLabelText('Support email'), { target: { value: 'desk@example.com' } });
    fireEvent.change(within(card).getByLabelText('Support password'), { target: { value: 'short' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save support credentials' }));
    expect(await within(card).findByText('The password must be at least 8 characters')).toBeDefined();
    expect(fetchStub.mock.calls.every(([, init]) => init?.method !== 'POST')).toBe(true);
  });
});
