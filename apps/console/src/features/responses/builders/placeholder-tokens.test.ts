import { describe, expect, it } from 'vitest';
import { insertPlaceholder, matchingNames, tokenAt } from './placeholder-tokens.ts';

describe('placeholder tokens', () => {
  it('finds the token the caret ends, with what was typed after it', () => {
    expect(tokenAt('Hello @vci', 10)).toEqual({ kind: 'v', query: 'ci', start: 6, end: 10 });
    expect(tokenAt('@d', 2)).toEqual({ kind: 'd', query: '', start: 0, end: 2 });
    expect(tokenAt('(@m', 3)?.kind).toBe('m');
  });

  it('opens nothing for an email address, an unknown kind or a caret away from the token', () => {
    expect(tokenAt('mail me@vodafone', 16)).toBeNull();
    expect(tokenAt('Hello @x', 8)).toBeNull();
    expect(tokenAt('@v and more', 11)).toBeNull();
  });

  it('offers the names of the kind that contain what was typed, case ignored', () => {
    const lists = { v: ['city', 'City_code', 'spot'], d: ['price'] };
    const token = tokenAt('@vCIT', 5);
    expect(token && matchingNames(lists, token)).toEqual(['city', 'City_code']);
    expect(matchingNames(lists, { kind: 'f', query: '', start: 0, end: 2 })).toEqual([]);
  });

  it('replaces the token and the typed part with {{name}} and puts the caret after it', () => {
    const text = 'Price @dpr now';
    const token = tokenAt(text, 10);
    expect(token && insertPlaceholder(text, token, 'price')).toEqual({
      text: 'Price {{price}} now',
      caret: 15,
    });
  });
});
