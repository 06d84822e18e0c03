import { describe, expect, it } from 'vitest';
import { applyFallbackOption } from './fallback-options.ts';

const options = [
  { label: 'Menu', val: 'show menu' },
  { label: 'Hours', val: 'opening hours' },
];

describe('fallback options', () => {
  it('adds a new option with a fresh label, trimmed', () => {
    const result = applyFallbackOption(options, { label: ' Prices ', val: ' price list ' }, { mode: 'new' });
    expect(result.isAccepted).toBe(true);
    expect(result.options).toEqual([...options, { label: 'Prices', val: 'price list' }]);
  });

  it('silently rejects a label already in use', () => {
    const result = applyFallbackOption(options, { label: 'Hours', val: 'again' }, { mode: 'new' });
    expect(result).toEqual({ options, isAccepted: false });
    const renamed = applyFallbackOption(options, { label: 'Menu', val: 'x' }, { mode: 'edit', index: 1 });
    expect(renamed.isAccepted).toBe(false);
  });

  it('lets an edited option keep its own label', () => {
    const result = applyFallbackOption(
      options,
      { label: 'Menu', val: 'the menu' },
      { mode: 'edit', index: 0 },
    );
    expect(result.options[0]).toEqual({ label: 'Menu', val: 'the menu' });
    expect(result.options[1]).toEqual(options[1]);
  });

  it('rejects an empty label or value', () => {
    expect(applyFallbackOption(options, { label: '', val: 'x' }, { mode: 'new' }).isAccepted).toBe(false);
    expect(applyFallbackOption(options, { label: 'x', val: '  ' }, { mode: 'new' }).isAccepted).toBe(false);
  });
});
