import type { Lang } from '../text/index.ts';

/**
 * Fillers whose removal keeps the sense and the grammar: politeness and softeners. Never negations, and no
 * articles ("book the table" → "book table" is not how anyone writes).
 */
export const DROPPABLE: Record<Lang, string[]> = {
  en: ['please', 'pls', 'kindly', 'just', 'really', 'actually'],
  de: ['bitte', 'mal', 'doch', 'denn', 'eigentlich', 'gerne', 'gern'],
  ar: ['من فضلك', 'لو سمحت', 'يا', 'بس', 'طيب', 'الان', 'حاليا'],
};

/**
 * Politeness added to a message: `start` before a request (en: only before a verb, "could you book…"),
 * `end` after any message.
 */
export const POLITENESS: Record<Lang, { start: string[]; end: string[] }> = {
  en: { start: ['please', 'can you', 'could you'], end: ['please', 'thanks', 'thank you'] },
  de: { start: ['bitte'], end: ['bitte', 'danke'] },
  ar: { start: ['لو سمحت', 'من فضلك', 'ممكن'], end: ['لو سمحت', 'من فضلك'] },
};

/** Words that open a question: no politeness goes before them ("could you when are you open"). */
export const QUESTION_STARTS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(
    (
      'what whats when where who whom whose why how which is are am was were do does did can could will ' +
      'would should shall may might have has'
    ).split(' '),
  ),
  de: new Set(
    'was wann wo wer wen wem warum wieso weshalb wie welche welcher welches welchen ist sind hast hat habt haben kannst kann können koennen gibt'.split(
      ' ',
    ),
  ),
  ar: new Set('متى امتى كم بكم هل ما ماذا اين وين فين كيف ليش لماذا شو ايش مين'.split(' ')),
};

/**
 * Time words that read as well at the start of a message as at its end ("what's the weather tomorrow" ↔
 * "tomorrow, what's the weather"). German is left out: a fronted adverb moves the verb ("morgen regnet es").
 */
export const MOVABLE_TIMES: Partial<Record<Lang, string[]>> = {
  en: ['today', 'tomorrow', 'tonight', 'now', 'this morning', 'this evening', 'this weekend', 'next week'],
  ar: ['اليوم', 'بكرة', 'بكره', 'غدا', 'الليلة', 'الحين', 'دلوقتي', 'الاسبوع الجاي'],
};

/** Prepositions a moved time word takes with it ("for tomorrow"). */
export const TIME_PREPOSITIONS: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(['for', 'by', 'until', 'till', 'before', 'after']),
};

/** Words that bind the time word after them, which then stays where it is ("right now", "going on tonight"). */
export const BINDS_TIME: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(
    'on at in of from right than every each since during into about like as is are was be just'.split(' '),
  ),
};

/**
 * English words never swapped for a lexicon synonym: numbers ("one" → "ace", "twelve" → "dozen"), ordinals,
 * quantifiers and degree words ("a little louder" → "a small louder"), and words whose most frequent sense is
 * not the one a bot hears ("last", "next", "right", "like", "mean").
 */
const KEPT_WORDS: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(
    (
      'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
      'seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand ' +
      'million billion dozen half quarter first second third fourth fifth last next previous little bit lot ' +
      'lots few many much more most less least several enough only just very too also even still else ' +
      'other another same such own all both each every any some right like mean well please thanks okay ' +
      'yes not never always ever now then today tomorrow tonight yesterday morning evening night'
    ).split(' '),
  ),
};

export function isKeptWord(word: string, lang: Lang): boolean {
  return KEPT_WORDS[lang]?.has(word) ?? false;
}

/** Phrases of the synonym table swapped only as the message's first words ("when are…" ↔ "what time are…"). */
export const START_ONLY: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(['when', 'what time', 'what is the', 'tell me the']),
};
