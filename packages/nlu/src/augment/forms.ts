import type { Lang } from '../text/index.ts';

/**
 * Numbers written as words, by value. "one", "ein"/"eins" and "واحد" are left out of the word → digit
 * direction: they are as often "this one", an article or "someone" as a count.
 */
export const NUMBER_WORDS: Record<Lang, string[]> = {
  en: [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
  ],
  de: [
    'null',
    'eins',
    'zwei',
    'drei',
    'vier',
    'fünf',
    'sechs',
    'sieben',
    'acht',
    'neun',
    'zehn',
    'elf',
    'zwölf',
  ],
  ar: ['صفر', 'واحد', 'اثنين', 'ثلاثة', 'اربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'],
};

/** Word forms of a count that are not ambiguous (see NUMBER_WORDS). */
export const FIRST_UNAMBIGUOUS_NUMBER = 2;

/**
 * Day and date expressions that fill the same place in a sentence, swapped for one another as senders name
 * days in every form. `adverb` forms bring their own preposition ("on Friday") and go where none stands;
 * `noun` forms go only after one ("a table for Friday"); the others fit either.
 */
export interface DateForm {
  text: string;
  fits: 'adverb' | 'noun' | 'both';
}

const both = (text: string): DateForm => ({ text, fits: 'both' });

export const DATE_FORMS: Record<Lang, DateForm[]> = {
  en: [
    ...['today', 'tomorrow', 'tonight', 'this weekend', 'next week', 'next Monday'].map(both),
    { text: 'Friday', fits: 'noun' },
    { text: 'on Friday', fits: 'adverb' },
    { text: 'on May 3', fits: 'adverb' },
  ],
  de: [
    ...['heute', 'morgen', 'übermorgen', 'heute abend', 'nächste woche'].map(both),
    { text: 'Freitag', fits: 'noun' },
    { text: 'am Freitag', fits: 'adverb' },
    { text: 'am Wochenende', fits: 'adverb' },
  ],
  ar: ['اليوم', 'بكرة', 'غدا', 'بعد بكرة', 'الليلة', 'الاسبوع الجاي', 'يوم الجمعة', 'يوم الاثنين'].map(both),
};

/** Prepositions a `noun` date form follows. */
export const DATE_PREPOSITIONS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(['for', 'by', 'until', 'till', 'from', 'before', 'after']),
  de: new Set(['für', 'fuer', 'bis', 'ab', 'vor', 'nach', 'seit']),
  ar: new Set(),
};

/** Phrases in which a date word is something else ("guten Morgen" is a greeting, not tomorrow). */
export const NOT_A_DATE: Record<Lang, string[]> = {
  en: [],
  de: ['guten morgen', 'morgen früh'],
  ar: [],
};
