import { describe, expect, it } from 'vitest';
import { advertiseInput, advertiseMessages } from './advertise.ts';

function messageOf(value: unknown) {
  const result = advertiseInput.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
}

describe('advertiseInput', () => {
  it('fills status 0, random 0 and ratio "10" by default', () => {
    expect(advertiseInput.parse({ code: '<b>ad</b>' })).toMatchObject({
      status: 0,
      random: 0,
      random_ratio: '10',
    });
  });

  it('refuses empty or blank code', () => {
    expect(messageOf({ code: '  ' })).toBe(advertiseMessages.codeRequired);
    expect(messageOf({})).toBe(advertiseMessages.codeRequired);
  });

  it('accepts ratios 10 to 100 in steps of 10, as numbers or strings, stored as strings', () => {
    expect(advertiseInput.parse({ code: 'x', random_ratio: 100 }).random_ratio).toBe('100');
    expect(advertiseInput.parse({ code: 'x', random_ratio: '40' }).random_ratio).toBe('40');
    for (const ratio of [0, 5, 15, 110, '', 'ten'])
      expect(messageOf({ code: 'x', random_ratio: ratio })).toBe(advertiseMessages.ratioInvalid);
  });

  it('counts the 20 KB code limit in UTF-8 bytes', () => {
    expect(messageOf({ code: 'a'.repeat(20 * 1024) })).toBeNull();
    expect(messageOf({ code: 'ب'.repeat(10 * 1024 + 1) })).toBe(advertiseMessages.codeTooLarge);
  });
});
