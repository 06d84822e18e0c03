import { describe, expect, it } from 'vitest';
import { differenceRatio } from './difference.ts';

describe('differenceRatio', () => {
  it('is the edit distance over the longer normalised length, in percent', () => {
    expect(differenceRatio('abcd', 'abcx', 'en')).toBe(25);
    expect(differenceRatio('Hello', 'hello', 'en')).toBe(0);
  });

  it('compares Arabic after normalisation', () => {
    expect(differenceRatio('قهوة', 'قهوه', 'ar')).toBe(0);
    expect(differenceRatio('أحمد', 'احمد', 'ar')).toBe(0);
  });
});
