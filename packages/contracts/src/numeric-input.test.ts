import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idOrZeroParam, idParam, numberOrDigits } from './numeric-input.ts';

describe('numberOrDigits', () => {
  it('reads plain decimal digits and JSON numbers', () => {
    expect(idParam.parse('12')).toBe(12);
    expect(idParam.parse(12)).toBe(12);
    expect(idOrZeroParam.parse('0')).toBe(0);
    expect(idParam.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    '0x10',
    ' 1',
    '1 ',
    '1e1',
    '+1',
    '-0',
    '-1',
    '01',
    '1.0',
    '',
    '١٢',
    '9007199254740992',
    '1'.repeat(17),
  ])('refuses the id text %j instead of reading it as a number', (text) => {
    expect(idParam.safeParse(text).success).toBe(false);
    expect(idOrZeroParam.safeParse(text).success).toBe(false);
  });

  it('leaves other types to the number schema, which refuses them', () => {
    for (const value of [true, null, [], {}, '1,2']) {
      expect(idParam.safeParse(value).success).toBe(false);
    }
  });

  it('keeps the wrapped schema rules and messages', () => {
    const limit = numberOrDigits(
      z.number({ error: 'whole number please' }).int('whole number please').max(10),
    );
    expect(limit.safeParse('11').success).toBe(false);
    expect(limit.safeParse('1e1').error?.issues[0]?.message).toBe('whole number please');
  });
});
