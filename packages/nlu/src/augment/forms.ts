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

/**
 * Words around a day that need it to stay what it is: a weekday or noun after "every", "each", "next",
 * "this" ("every Friday", not "every on May 3"), a day before a part of it ("tomorrow morning", not "on May 3
 * morning"). No other form is put there.
 */
export const DATE_NEIGHBOURS: Record<Lang, { before: ReadonlySet<string>; after: ReadonlySet<string> }> = {
  en: {
    before: new Set('every each next last this that coming following the a of on at in since'.split(' ')),
    after: new Set('morning afternoon evening night noon at'.split(' ')),
  },
  de: {
    before: new Set(
      'jeden jede jedes nächsten nächste diesen diese dieses letzten am den der die das'.split(' '),
    ),
    after: new Set('früh morgen mittag nachmittag abend nacht um'.split(' ')),
  },
  ar: { before: new Set(['كل']), after: new Set(['الصبح', 'الصباح', 'المساء', 'بالليل']) },
};

/**
 * A past tense after a subject ("i helped", "we got") or opening a question ("did…", "has sarah posted…"):
 * its day stays the one it was ("i helped a friend today" → not "next Monday"). Regular verbs by their "-ed",
 * irregular ones listed.
 */
export const PAST_TENSE: Partial<
  Record<Lang, { starts: ReadonlySet<string>; subjects: ReadonlySet<string>; irregular: ReadonlySet<string> }>
> = {
  en: {
    starts: new Set('did has have had was were'.split(' ')),
    subjects: new Set('i we you he she they it'.split(' ')),
    irregular: new Set(
      'was were had did got went saw made took came said told ate slept bought sent left heard found gave kept forgot lost met paid ran sat spent thought wrote'.split(
        ' ',
      ),
    ),
  },
};

/** Phrases in which a date word is something else ("guten Morgen" is a greeting, not tomorrow). */
export const NOT_A_DATE: Record<Lang, string[]> = {
  en: [],
  de: ['guten morgen', 'morgen früh'],
  ar: [],
};
