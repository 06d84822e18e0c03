import { describe, expect, it } from 'vitest';
import { parsePage } from './page-query.ts';
import { shortcutTarget } from './shortcut-target.ts';

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
