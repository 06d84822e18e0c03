import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shortcutTarget } from '../features/services/shortcut-target.ts';
import { parsePage, useClampedPage } from './page-query.ts';

describe('parsePage', () => {
  it('reads a 1-based page number from the query value', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('1')).toBe(1);
  });

  it('falls back to page 1 for a missing, zero, negative, fractional or huge value', () => {
    for (const value of [null, undefined, '', '0', '-2', '2.5', 'two', '99999999999999999999'])
      expect(parsePage(value)).toBe(1);
  });
});

describe('shortcutTarget', () => {
  it('opens the command when one is chosen, else the service commands, else the services', () => {
    expect(shortcutTarget('3', '12')).toBe('/services/3/commands/12');
    expect(shortcutTarget('3', null)).toBe('/services/3/commands');
    expect(shortcutTarget(null, null)).toBe('/services');
  });
});

const pageCountOf = (data: { pages: number }) => data.pages;

describe('useClampedPage', () => {
  it('moves back to the last page when a fresh answer has fewer pages', () => {
    const setPage = vi.fn();
    renderHook(() =>
      useClampedPage(3, { data: { pages: 2 }, isPlaceholderData: false }, pageCountOf, setPage),
    );
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('leaves the page alone while the answer shown is the previous page (a placeholder)', () => {
    const setPage = vi.fn();
    renderHook(() =>
      useClampedPage(2, { data: { pages: 1 }, isPlaceholderData: true }, pageCountOf, setPage),
    );
    expect(setPage).not.toHaveBeenCalled();
  });

  it('leaves the page alone before any answer and when the page exists', () => {
    const setPage = vi.fn();
    renderHook(() => useClampedPage(2, { isPlaceholderData: false }, pageCountOf, setPage));
    renderHook(() =>
      useClampedPage(2, { data: { pages: 4 }, isPlaceholderData: false }, pageCountOf, setPage),
    );
    expect(setPage).not.toHaveBeenCalled();
  });
});
