import { describe, expect, it } from 'vitest';
import { detectLanguage, type Lang, normalizeText } from '../text/index.ts';
import { augment } from './augment.ts';
import { differenceRatio } from './difference.ts';

const cases: { lang: Lang; text: string; synonyms: string[][] }[] = [
  {
    lang: 'en',
    text: 'Book a flight to Paris please',
    synonyms: [
      ['book', 'reserve'],
      ['flight', 'plane ticket'],
    ],
  },
  {
    lang: 'de',
    text: 'Ich möchte bitte einen Kaffee bestellen',
    synonyms: [['Kaffee', 'Espresso', 'Cappuccino']],
  },
  { lang: 'ar', text: 'أريد حجز طاولة في المطعم لو سمحت', synonyms: [['طاولة', 'ترابيزة']] },
];

describe.each(cases)('augment in $lang', ({ lang, text, synonyms }) => {
  const samples = augment(text, { lang, synonyms, seed: 42 });

  it('returns up to maxSamples new phrasings', () => {
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.length).toBeLessThanOrEqual(5);
    expect(augment(text, { lang, synonyms, seed: 42, maxSamples: 2 })).toHaveLength(2);
  });

  it('keeps every phrasing at least levMinRatio percent different from the original', () => {
    for (const sample of samples) expect(differenceRatio(text, sample, lang)).toBeGreaterThanOrEqual(35);
    for (const sample of augment(text, { lang, synonyms, seed: 3, levMinRatio: 50 })) {
      expect(differenceRatio(text, sample, lang)).toBeGreaterThanOrEqual(50);
    }
  });

  it('never repeats a phrasing or the original after normalisation', () => {
    const normalised = samples.map((sample) => normalizeText(sample, lang));
    expect(new Set(normalised).size).toBe(samples.length);
    expect(normalised).not.toContain(normalizeText(text, lang));
  });

  it('keeps the language of the example', () => {
    for (const sample of samples) expect(detectLanguage(sample)).toBe(lang);
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(augment(text, { lang, synonyms, seed: 42 })).toEqual(samples);
    expect(augment(text, { lang, synonyms, seed: 43 })).not.toEqual(samples);
  });
});

describe('augment rewrites', () => {
  it('swaps in synonyms from the given groups', () => {
    const samples = augment('I want a large coffee', {
      lang: 'en',
      synonyms: [['coffee', 'espresso']],
      seed: 1,
      typos: false,
    });
    expect(samples.some((sample) => sample.includes('espresso'))).toBe(true);
  });

  it('drops fillers and moves politeness without touching negations', () => {
    const samples = augment('please do not cancel the order', {
      lang: 'en',
      seed: 5,
      levMinRatio: 10,
      typos: false,
    });
    expect(samples.some((sample) => !sample.includes('please') || sample.endsWith('please'))).toBe(true);
    for (const sample of samples) expect(sample).toContain('not');
  });

  it('varies the Arabic article and conjunction', () => {
    const samples = augment('والقهوة مع الحليب', {
      lang: 'ar',
      seed: 9,
      levMinRatio: 10,
      typos: false,
      maxSamples: 10,
    });
    expect(samples.some((sample) => /(^|\s)القهوة/.test(sample) || /(^|\s)قهوة/.test(sample))).toBe(true);
    expect(samples.some((sample) => /(^|\s)حليب/.test(sample))).toBe(true);
  });

  it('returns nothing for an empty text or when no phrasing can differ enough', () => {
    expect(augment('   ', { lang: 'en' })).toEqual([]);
    expect(augment('ok', { lang: 'en', levMinRatio: 100, typos: false })).toEqual([]);
  });

  it('is deterministic without a seed too', () => {
    expect(augment('show my orders', { lang: 'en' })).toEqual(augment('show my orders', { lang: 'en' }));
  });
});
