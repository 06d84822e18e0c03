import { describe, expect, it } from 'vitest';
import { detectLanguage, type Lang, normalizeText } from '../text/index.ts';
import { augment } from './augment.ts';
import { differenceRatio } from './difference.ts';
import { DATE_FORMS, NUMBER_WORDS } from './forms.ts';
import { withoutAddedPoliteness } from './politeness-changes.ts';
import { SYNONYM_TABLE } from './synonym-table.ts';
import { testLexicon } from './test-lexicon.test-support.ts';
import { DROPPABLE, MOVABLE_TIMES, POLITENESS } from './word-lists.ts';

/** A few words, their parts of speech and synonyms. */
const lexicon = testLexicon('test-lexicon', {
  buy: [{ pos: 'verb', words: ['purchase'] }],
  large: [{ pos: 'adj', words: ['big'] }],
  book: [
    { pos: 'noun', words: [] },
    { pos: 'verb', words: [] },
  ],
  play: [{ pos: 'verb', words: [] }],
  order: [
    { pos: 'noun', words: ['purchase order'] },
    { pos: 'verb', words: ['command'] },
  ],
  pizza: [{ pos: 'noun', words: [] }],
});

/** Every word an augmentation may write without inventing one: the example's and the shipped lists'. */
function knownWords(text: string, lang: Lang, extra: string[][] = []): Set<string> {
  const phrases = [
    text,
    ...DROPPABLE[lang],
    ...POLITENESS[lang].start,
    ...POLITENESS[lang].end,
    ...(MOVABLE_TIMES[lang] ?? []),
    ...DATE_FORMS[lang].map((form) => form.text),
    ...NUMBER_WORDS[lang],
    ...SYNONYM_TABLE[lang].flat(),
    ...extra.flat(),
  ];
  const words = phrases.flatMap((phrase) => wordsOf(phrase, lang));
  // Arabic words also appear with or without the article and the conjunction (a rewrite, not a new word).
  const variants = lang === 'ar' ? words.flatMap((word) => [word.replace(/^و?ال/, ''), `ال${word}`]) : [];
  return new Set([...words, ...variants]);
}

function wordsOf(text: string, lang: Lang): string[] {
  return normalizeText(text, lang).match(/[\p{L}\p{N}']+/gu) ?? [];
}

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
  it.each([
    ['when are you open', 'en'],
    ['Book a flight to Paris please', 'en'],
    ['i want to order a large pizza for 2 tomorrow', 'en'],
    ['wann habt ihr geöffnet', 'de'],
    ['ich möchte bitte einen Kaffee bestellen', 'de'],
    ['متى تفتحون', 'ar'],
    ['اريد اطلب بيتزا كبيرة اليوم', 'ar'],
  ] as const)(
    'invents no words for “%s” without typos: each comes from the example, a synonym or a list',
    (text, lang) => {
      const known = knownWords(text, lang, [['purchase', 'big', 'command', 'purchase order']]);
      const samples = augment(text, { lang, lexicon, maxSamples: 10 });
      expect(samples.length).toBeGreaterThan(0);
      for (const sample of samples) {
        expect(wordsOf(sample, lang).filter((word) => !known.has(word))).toEqual([]);
      }
    },
  );

  it('writes typos only when asked for', () => {
    const text = 'i want to order a large pizza for tomorrow';
    const known = knownWords(text, 'en');
    const withTypos = augment(text, { lang: 'en', lexicon: null, typos: true, maxSamples: 10, seed: 2 });
    const invented = withTypos.flatMap((sample) => wordsOf(sample, 'en').filter((word) => !known.has(word)));
    expect(invented.length).toBeGreaterThan(0);
  });

  it('puts no opener before a question or a statement, only before a request’s verb', () => {
    for (const text of ['when are you open', 'i want a pizza', 'weather in Berlin today']) {
      for (const sample of augment(text, { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 })) {
        expect(sample).not.toMatch(/^(please|can you|could you) /i);
      }
    }
    const requests = augment('buy some pizza', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });
    expect(requests.some((sample) => /^(please|can you|could you) (buy|purchase)/.test(sample))).toBe(true);
  });

  it('measures how different a phrasing is without the politeness it added', () => {
    const text = 'i want to buy a large pizza';
    const samples = augment(text, { lang: 'en', lexicon, maxSamples: 10 });
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      expect(differenceRatio(text, withoutAddedPoliteness(sample, text, 'en'), 'en')).toBeGreaterThanOrEqual(
        35,
      );
    }
    expect(withoutAddedPoliteness('could you book a table please', 'book a table', 'en')).toBe(
      'book a table',
    );
    expect(withoutAddedPoliteness('book a table please', 'book a table please', 'en')).toBe(
      'book a table please',
    );
  });

  it('offers no phrasing that only adds politeness', () => {
    expect(augment('play some music', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 })).toEqual([]);
    for (const sample of augment('buy some pizza', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 5 })) {
      expect(sample.replace(/^(please|can you|could you) | (please|thanks|thank you)$/g, '')).not.toBe(
        'buy some pizza',
      );
    }
  });

  it('swaps in the lexicon’s synonyms in the part of speech the word has there', () => {
    const samples = augment('buy a large pizza', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });
    expect(samples.some((sample) => sample.includes('purchase'))).toBe(true);
    expect(samples.some((sample) => sample.includes('big pizza'))).toBe(true);
    // "order" after "my" is a noun, at the start of a request a verb: each takes only its own synonyms.
    const noun = augment('buy my order', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });
    expect(noun.some((sample) => sample.includes('my purchase order'))).toBe(true);
    for (const sample of noun) expect(sample).not.toContain('command');
    const verb = augment('order a pizza', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });
    expect(verb.some((sample) => sample.includes('command a pizza'))).toBe(true);
    for (const sample of verb) expect(sample).not.toContain('purchase order');
  });

  it('writes numbers as words or digits', () => {
    const english = augment('book a table for 2', { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });
    expect(english.some((sample) => sample.includes('for two'))).toBe(true);
    const german = augment('einen tisch für zwei personen', { lang: 'de', maxSamples: 10, levMinRatio: 10 });
    expect(german.some((sample) => sample.includes('für 2 personen'))).toBe(true);
    const arabic = augment('طاولة ل 4 اشخاص', { lang: 'ar', maxSamples: 10, levMinRatio: 10 });
    expect(arabic.some((sample) => sample.includes('اربعة'))).toBe(true);
  });

  it('names the day in other forms that fit the place, and moves it to the front', () => {
    const samples = augment('what is the weather tomorrow', { lang: 'en', maxSamples: 10, levMinRatio: 10 });
    expect(
      samples.some((sample) =>
        /weather (today|tonight|this weekend|next week|on friday|on may 3|next monday)/i.test(sample),
      ),
    ).toBe(true);
    expect(samples.some((sample) => sample.startsWith('tomorrow, what'))).toBe(true);
    // After a preposition a bare day fits, "on Friday" would not.
    for (const sample of augment('a table for tomorrow', { lang: 'en', maxSamples: 10, levMinRatio: 10 })) {
      expect(sample).not.toMatch(/for on /);
    }
    // "guten Morgen" is a greeting, not a day.
    for (const sample of augment('guten morgen', { lang: 'de', maxSamples: 10, levMinRatio: 10 })) {
      expect(sample).toMatch(/guten morgen/i);
    }
  });

  it('rephrases German and Arabic from the shipped table', () => {
    const german = augment('wann habt ihr geöffnet', { lang: 'de', maxSamples: 10 });
    expect(german.some((sample) => /offen|macht ihr auf|öffnungszeiten/.test(sample))).toBe(true);
    const arabic = augment('اريد اطلب بيتزا', { lang: 'ar', maxSamples: 10 });
    expect(arabic.some((sample) => /عايز|ابغى|بدي|حابب/.test(sample))).toBe(true);
  });

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
    const samples = augment('please do not cancel my order', {
      lang: 'en',
      seed: 5,
      levMinRatio: 10,
      maxSamples: 10,
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
