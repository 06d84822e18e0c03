import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it('strips Arabic diacritics and tatweel', () => {
    expect(normalizeText('مَرْحَبًا بِكُمْ', 'ar')).toBe('مرحبا بكم');
    expect(normalizeText('جـــميل', 'ar')).toBe('جميل');
  });

  it('unifies Arabic letter variants', () => {
    expect(normalizeText('أحمد إلى آخر ٱلكتاب', 'ar')).toBe('احمد الي اخر الكتاب');
    expect(normalizeText('مدرسة مؤتمر سائل', 'ar')).toBe('مدرسه موتمر سايل');
  });

  it('maps Arabic-Indic and Persian digits and Arabic punctuation', () => {
    expect(normalizeText('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹', 'ar')).toBe('0123456789 0123456789');
    expect(normalizeText('نعم، لا؛ كيف؟', 'ar')).toBe('نعم, لا; كيف?');
  });

  it('folds German umlauts and sharp s to their spelled-out forms', () => {
    expect(normalizeText('Grüße aus Köln, schöne Äpfel', 'de')).toBe('gruesse aus koeln, schoene aepfel');
  });

  it('can fold umlauts to their base letters instead', () => {
    expect(normalizeText('Grüße', 'de', { umlauts: 'base' })).toBe('grusse');
  });

  it('lower-cases, drops accents and collapses whitespace in English', () => {
    expect(normalizeText('  Book a   CAFÉ\ttable \n', 'en')).toBe('book a cafe table');
  });
});
