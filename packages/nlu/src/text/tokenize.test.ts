import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize.ts';
import { stem } from './stem.ts';
import { tokenize, tokenizeWithSpans } from './tokenize.ts';

describe('tokenize', () => {
  it('splits words and drops punctuation', () => {
    expect(tokenize("what's the weather, today?")).toEqual(['what', 's', 'the', 'weather', 'today']);
  });

  it('keeps decimal numbers whole', () => {
    expect(tokenize('pay 3.5 or 1,000 euros')).toEqual(['pay', '3.5', 'or', '1,000', 'euros']);
  });

  it('tokenises Arabic after normalisation', () => {
    expect(tokenize(normalizeText('أريد حجز طاولة، من فضلك', 'ar'))).toEqual([
      'اريد',
      'حجز',
      'طاوله',
      'من',
      'فضلك',
    ]);
  });

  it('reports offsets into the text', () => {
    expect(tokenizeWithSpans('hi  there')).toEqual([
      { token: 'hi', start: 0, end: 2 },
      { token: 'there', start: 4, end: 9 },
    ]);
  });
});

describe('stem', () => {
  it('strips Arabic article, conjunction and suffixes', () => {
    expect(stem('والكتاب', 'ar')).toBe('كتاب');
    expect(stem('بالسياره', 'ar')).toBe('سيار');
    expect(stem('المعلمون', 'ar')).toBe('معلم');
  });

  it('reduces English inflections to one stem', () => {
    expect(stem('booking', 'en')).toBe(stem('bookings', 'en'));
    expect(stem('ordered', 'en')).toBe('order');
    expect(stem('flights', 'en')).toBe('flight');
    expect(stem('stopped', 'en')).toBe('stop');
  });

  it('reduces German inflections to one stem', () => {
    expect(stem('wecker', 'de')).toBe(stem('weckers', 'de'));
    expect(stem('spielen', 'de')).toBe(stem('spiele', 'de'));
    expect(stem('gebucht', 'de')).toBe('buch');
  });

  it('leaves numbers alone', () => {
    expect(stem('2024', 'de')).toBe('2024');
  });
});
