import { describe, expect, it } from 'vitest';
import { isCatastrophicPattern, MAX_REGEX_INPUT, matchRegex } from './match-regex.ts';

describe('matchRegex', () => {
  it('finds the first match with its offsets', () => {
    expect(matchRegex('my code is AB-1234 ok', '[A-Z]{2}-\\d{4}')).toEqual({
      value: 'AB-1234',
      start: 11,
      end: 18,
    });
  });

  it('returns the first capture group as the value', () => {
    expect(matchRegex('order #5521 please', '#(\\d+)')).toEqual({ value: '5521', start: 6, end: 11 });
  });

  it('accepts a pattern in slashes with flags', () => {
    expect(matchRegex('Postleitzahl 10115', '/postleitzahl (\\d{5})/i')?.value).toBe('10115');
  });

  it('matches Arabic text and Unicode classes', () => {
    expect(matchRegex('رقم الطلب ٤٥٦', '[\\u0660-\\u0669]+')?.value).toBe('٤٥٦');
    expect(matchRegex('Grüße aus Köln', '\\p{Lu}\\p{Ll}+$')?.value).toBe('Köln');
  });

  it('returns null for an invalid pattern instead of throwing', () => {
    expect(matchRegex('anything', '([a-z')).toBeNull();
    expect(matchRegex('anything', '*oops')).toBeNull();
  });

  it('returns null when nothing matches or the match is empty', () => {
    expect(matchRegex('no digits here', '\\d+')).toBeNull();
    expect(matchRegex('abc', 'x*')).toBeNull();
  });

  it('refuses catastrophic patterns before running them', () => {
    expect(isCatastrophicPattern('(a+)+$')).toBe(true);
    expect(isCatastrophicPattern('(\\w*)*x')).toBe(true);
    expect(isCatastrophicPattern('(a|aa)+b')).toBe(true);
    expect(isCatastrophicPattern('(x)\\1')).toBe(true);
    const started = Date.now();
    expect(matchRegex(`${'a'.repeat(40)}!`, '^(a+)+$')).toBeNull();
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('lets ordinary repeated groups through', () => {
    expect(isCatastrophicPattern('(\\d{3}-)?\\d{4}')).toBe(false);
    expect(isCatastrophicPattern('([a-z]+\\.)?example\\.com')).toBe(false);
    expect(isCatastrophicPattern('(?:\\+|00)\\d{8,14}')).toBe(false);
    expect(isCatastrophicPattern('(ab)+')).toBe(false);
  });

  it('looks only at the start of an overlong message', () => {
    const text = `${'x'.repeat(MAX_REGEX_INPUT)}12345`;
    expect(matchRegex(text, '\\d{5}')).toBeNull();
  });
});
