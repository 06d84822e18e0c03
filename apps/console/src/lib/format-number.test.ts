import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number.ts';

const SOURCE_ROOT = join(import.meta.dirname, '..');
const THIS_RULE = ['lib/format-number.ts', 'lib/format-number.test.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('formatNumber', () => {
  it('writes Western digits in both languages, grouped', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1000, 'ar')).toBe('1,000');
    expect(formatNumber(3, 'ar')).toBe('3');
    expect(formatNumber(1234567, 'ar')).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  });

  it('keeps the requested decimals', () => {
    expect(formatNumber(0.87654, 'en', { minimumFractionDigits: 3, maximumFractionDigits: 3 })).toBe('0.877');
    expect(formatNumber(0.87654, 'ar', { minimumFractionDigits: 3, maximumFractionDigits: 3 })).toBe('0.877');
  });

  it('falls back to English for a language it does not know', () => {
    expect(formatNumber(12345, 'de')).toBe('12,345');
  });
});

describe('the number rule', () => {
  it('no screen formats numbers another way than formatNumber', () => {
    const otherFormatting = /\.toLocaleString\(|\.toFixed\(|\.toPrecision\(|Intl\.NumberFormat|\bar-EG\b/;
    const offenders = sourceFiles(SOURCE_ROOT)
      .map((path) => relative(SOURCE_ROOT, path))
      .filter((path) => !THIS_RULE.includes(path))
      .filter((path) => otherFormatting.test(readFileSync(join(SOURCE_ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
