import { fireEvent, screen } from '@testing-library/react';
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
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
