import { describe, expect, it } from 'vitest';
import { isCompleteNumber, numberText } from './number-text.ts';

describe('numberText', () => {
  it.each([
    ['12', '12'],
    ['abc', ''],
    ['1e5', '15'],
    ['-3.25', '-3.25'],
    ['--3', '-3'],
    ['3-', '3'],
    ['1.2.3', '1.23'],
    ['٣٤٫٥', '34.5'],
    ['۱۲', '12'],
    ['abc٣', '3'],
    [' 7 ', '7'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(numberText(typed)).toBe(kept);
  });
});

describe('isCompleteNumber', () => {
  it('accepts whole and decimal numbers, not what is still being typed', () => {
    expect(['0', '-12', '3.5'].map(isCompleteNumber)).toEqual([true, true, true]);
    expect(['', '-', '1.', '.5'].map(isCompleteNumber)).toEqual([false, false, false, false]);
  });
});
