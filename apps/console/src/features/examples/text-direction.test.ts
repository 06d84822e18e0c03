import { describe, expect, it } from 'vitest';
import { exampleDirection, hasArabicScript } from './text-direction.ts';

describe('example direction', () => {
  it('is right to left for examples in Arabic', () => {
    expect(exampleDirection({ example_lang: 'ar', example_text: 'book a table' })).toBe('rtl');
  });

  it('is right to left for Arabic script whatever the language says', () => {
    expect(exampleDirection({ example_lang: 'en', example_text: 'أريد حجز طاولة' })).toBe('rtl');
    expect(hasArabicScript('order ﻻ')).toBe(true);
  });

  it('is left to right for Latin text in English or German', () => {
    expect(exampleDirection({ example_lang: 'en', example_text: 'book a table' })).toBe('ltr');
    expect(exampleDirection({ example_lang: 'de', example_text: 'Tisch für zwei' })).toBe('ltr');
  });
});
