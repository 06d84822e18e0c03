import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { readLanguageCookie, writeLanguageCookie } from './language.ts';

afterEach(() => {
  writeLanguageCookie('en');
  document.documentElement.dir = 'ltr';
});

describe('language', () => {
  it('reads the _al cookie, defaulting to English', () => {
    expect(readLanguageCookie('theme=dark; _al=ar')).toBe('ar');
    expect(readLanguageCookie('_al=fr')).toBe('en');
    expect(readLanguageCookie('')).toBe('en');
  });

  it('switches to Arabic from the language menu: cookie, right-to-left page and translated labels', async () => {
    renderApp('/user/login');
    expect(screen.getByLabelText('Email')).toBeDefined();
    fireEvent.click(screen.getByTestId('language-menu'));
    fireEvent.click(await screen.findByTestId('lang-ar'));
    await waitFor(() => expect(screen.getByLabelText('البريد الإلكتروني')).toBeDefined());
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(readLanguageCookie()).toBe('ar');

    fireEvent.click(screen.getByTestId('language-menu'));
    fireEvent.click(await screen.findByTestId('lang-en'));
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDefined());
    expect(document.documentElement.dir).toBe('ltr');
    expect(readLanguageCookie()).toBe('en');
  });
});
