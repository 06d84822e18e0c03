import { describe, expect, it } from 'vitest';
import type { Lang } from '../../text/index.ts';
import { extractEntities } from './extract-entities.ts';

function numbers(text: string, lang: Lang): [string, number | string, string][] {
  return extractEntities(text, lang)
    .filter((entity) => entity.type === 'number' || entity.type === 'ordinal')
    .map((entity) => [entity.type, entity.value, entity.text]);
}

describe('numbers in English', () => {
  it('reads spelled numbers with tens, hundreds and the article', () => {
    expect(numbers('twenty five apples and a hundred pears', 'en')).toEqual([
      ['number', 25, 'twenty five'],
      ['number', 100, 'a hundred'],
    ]);
    expect(numbers('one hundred and five thousand three hundred', 'en')).toEqual([
      ['number', 105300, 'one hundred and five thousand three hundred'],
    ]);
  });

  it('keeps a list of single numbers apart', () => {
    expect(numbers('one two three', 'en').map(([, value]) => value)).toEqual([1, 2, 3]);
  });

  it('reads grouped digits, decimals, negatives and a scale word', () => {
    expect(numbers('1,234.5 and -3 and 2.5 million', 'en').map(([, value]) => value)).toEqual([
      1234.5, -3, 2_500_000,
    ]);
  });

  it('reads ordinals in words and digits', () => {
    expect(numbers('the twenty-first and the 3rd', 'en')).toEqual([
      ['ordinal', 21, 'twenty-first'],
      ['ordinal', 3, '3rd'],
    ]);
  });

  it('reads decimals spelled with "point"', () => {
    expect(numbers('three point five', 'en')).toEqual([['number', 3.5, 'three point five']]);
  });

  it('skips dotted runs such as versions and addresses', () => {
    expect(numbers('version 2.0.1 on 10.0.0.1 costs 3.5', 'en')).toEqual([['number', 3.5, '3.5']]);
  });

  it('does not read the article alone as one', () => {
    expect(numbers('a coffee please', 'en')).toEqual([]);
  });
});

describe('numbers in German', () => {
  it('reads compound number words', () => {
    expect(numbers('fünfundzwanzig Äpfel und zweihundert Birnen', 'de')).toEqual([
      ['number', 25, 'fünfundzwanzig'],
      ['number', 200, 'zweihundert'],
    ]);
    expect(numbers('dreitausendvierhundertzwölf', 'de')).toEqual([
      ['number', 3412, 'dreitausendvierhundertzwölf'],
    ]);
    expect(numbers('eine Million', 'de')).toEqual([['number', 1_000_000, 'eine Million']]);
  });

  it('uses the comma as the decimal mark and the point for thousands', () => {
    expect(numbers('1.234,5 Euro und 3,5 Liter', 'de').map(([, value]) => value)).toEqual([1234.5, 3.5]);
  });

  it('reads decimals spelled with "komma"', () => {
    expect(numbers('zwei komma fünf Liter', 'de')).toEqual([['number', 2.5, 'zwei komma fünf']]);
  });

  it('reads ordinals and leaves the article alone', () => {
    expect(numbers('ein Kaffee, der dritte und der zwanzigste', 'de')).toEqual([
      ['ordinal', 3, 'dritte'],
      ['ordinal', 20, 'zwanzigste'],
    ]);
  });
});

describe('numbers in Arabic', () => {
  it('reads unit-and-tens compounds, hundreds and thousands', () => {
    expect(numbers('أريد خمسة وعشرين تفاحة', 'ar')).toEqual([['number', 25, 'خمسة وعشرين']]);
    expect(numbers('مئة', 'ar')).toEqual([['number', 100, 'مئة']]);
    expect(numbers('ثلاثمائة', 'ar')).toEqual([['number', 300, 'ثلاثمائة']]);
    expect(numbers('الف', 'ar')).toEqual([['number', 1000, 'الف']]);
    expect(numbers('ثلاثة آلاف وخمسمائة', 'ar')).toEqual([['number', 3500, 'ثلاثة آلاف وخمسمائة']]);
    expect(numbers('ألفين وعشرين', 'ar')).toEqual([['number', 2020, 'ألفين وعشرين']]);
  });

  it('reads teens and ordinals', () => {
    expect(numbers('خمسة عشر', 'ar')).toEqual([['number', 15, 'خمسة عشر']]);
    expect(numbers('الطابق الثالث', 'ar')).toEqual([['ordinal', 3, 'الثالث']]);
  });

  it('reads Arabic-Indic and Persian digits with the Arabic decimal mark', () => {
    expect(numbers('٣٫٥ و ١٢٣ و ۴۵', 'ar')).toEqual([
      ['number', 3.5, '٣٫٥'],
      ['number', 123, '١٢٣'],
      ['number', 45, '۴۵'],
    ]);
  });

  it('does not read "nobody" as one', () => {
    expect(numbers('لا أحد هنا', 'ar')).toEqual([]);
  });
});
