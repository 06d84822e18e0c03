import { describe, expect, it } from 'vitest';
import { copyNameOf } from './copy-name.ts';

describe('copyNameOf', () => {
  it('adds "(copy)" to a name', () => {
    expect(copyNameOf('Weather', ['Weather'])).toBe('Weather (copy)');
  });

  it('numbers further copies until the name is free', () => {
    expect(copyNameOf('Weather', ['Weather', 'Weather (copy)', 'Weather (copy 2)'])).toBe('Weather (copy 3)');
  });

  it('shortens a long name so the copy still fits 190 characters', () => {
    const copy = copyNameOf('x'.repeat(190), []);
    expect(copy).toHaveLength(190);
    expect(copy.endsWith(' (copy)')).toBe(true);
  });
});
