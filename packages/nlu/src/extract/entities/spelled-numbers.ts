import type { Lang } from '../../text/index.ts';
import { NumberGroups, type NumberPart } from './number-groups.ts';
import { arabicOrdinal, arabicTerm, isTeenTen } from './number-words-ar.ts';
import { GERMAN_ARTICLES, germanOrdinal, germanParts } from './number-words-de.ts';
import { englishOrdinalBase, englishPart } from './number-words-en.ts';
import { isAdjacent, type Word } from './words.ts';

/** A spelled number read from words[first..last]. */
export interface SpelledNumber {
  value: number;
  isOrdinal: boolean;
  first: number;
  last: number;
}

interface Latin {
  parts(word: string): NumberPart[] | null;
  ordinal(word: string): number | null;
  article: Set<string>;
  links: Set<string>;
  /** The word for the decimal mark: "three point five", "drei komma fünf". */
  decimalMark: string;
}

const ENGLISH: Latin = {
  parts: (word) => {
    const part = englishPart(word);
    return part ? [part] : null;
  },
  ordinal: (word) => {
    const base = englishOrdinalBase(word);
    const part = base === null ? null : englishPart(base);
    if (!part) return null;
    return part.kind === 'small' ? part.value : part.kind === 'hundred' ? 100 : part.value;
  },
  article: new Set(['a']),
  links: new Set(['and']),
  decimalMark: 'point',
};

const GERMAN: Latin = {
  parts: germanParts,
  ordinal: germanOrdinal,
  article: GERMAN_ARTICLES,
  links: new Set(['und']),
  decimalMark: 'komma',
};

function startsWithScale(parts: NumberPart[] | null): boolean {
  return parts?.[0]?.kind === 'hundred' || parts?.[0]?.kind === 'scale';
}

function readLatin(words: Word[], first: number, text: string, lang: Latin): SpelledNumber | null {
  const head = words[first];
  if (!head) return null;
  const next = words[first + 1];
  const headIsArticle = lang.article.has(head.norm) && lang.parts(head.norm) === null;
  if (headIsArticle && !(next && isAdjacent(text, head, next) && startsWithScale(lang.parts(next.norm)))) {
    return null;
  }
  const groups = new NumberGroups();
  let last = headIsArticle ? first : first - 1;
  for (let index = headIsArticle ? first + 1 : first; index < words.length; index += 1) {
    const word = words[index]!;
    if (index > first && !isAdjacent(text, words[index - 1]!, word, true)) break;
    if (lang.links.has(word.norm) && !groups.isEmpty) continue;
    const parts = lang.parts(word.norm);
    if (parts && groups.addAll(parts)) {
      last = index;
      continue;
    }
    const ordinal = lang.ordinal(word.norm);
    if (
      ordinal !== null &&
      groups.add(ordinal >= 1000 ? { kind: 'scale', value: ordinal } : ordinalPart(ordinal))
    ) {
      return { value: groups.value, isOrdinal: true, first, last: index };
    }
    break;
  }
  if (groups.isEmpty) return null;
  if (last === first && GERMAN_ARTICLES.has(words[first]!.norm)) return null;
  const decimals = readDecimals(words, last, text, lang);
  if (decimals)
    return {
      value: Number(`${groups.value}.${decimals.digits}`),
      isOrdinal: false,
      first,
      last: decimals.last,
    };
  return { value: groups.value, isOrdinal: false, first, last };
}

/** Spelled digits after the decimal mark word, one word per digit. */
function readDecimals(
  words: Word[],
  last: number,
  text: string,
  lang: Latin,
): { digits: string; last: number } | null {
  const mark = words[last + 1];
  if (!mark || mark.norm !== lang.decimalMark || !isAdjacent(text, words[last]!, mark)) return null;
  let digits = '';
  let index = last + 2;
  for (; index < words.length && isAdjacent(text, words[index - 1]!, words[index]!); index += 1) {
    const [part, ...rest] = lang.parts(words[index]!.norm) ?? [];
    if (part?.kind !== 'small' || part.value > 9 || rest.length > 0) break;
    digits += String(part.value);
  }
  return digits === '' ? null : { digits, last: index - 1 };
}

function ordinalPart(value: number): NumberPart {
  return value === 100 ? { kind: 'hundred' } : { kind: 'small', value };
}

/** "احد" and "اثنا" count only inside a teen; alone they mean "anyone" and "while". */
const TEEN_ONLY = new Set(['احد', 'احدي', 'اثنا', 'اثنتا']);

interface ArabicState {
  total: number;
  group: number;
}

/** Adds one Arabic term; false when it cannot continue the number. */
function addArabic(state: ArabicState, word: string, joined: boolean, isFirst: boolean): boolean {
  const term = arabicTerm(word);
  if (!term) return false;
  if (term.kind === 'scale' && !joined && !isFirst) {
    state.total += (state.group || 1) * term.value;
    state.group = 0;
    return true;
  }
  if (term.kind === 'hundred' && !joined && state.group > 0 && state.group < 10) {
    state.group *= 100;
    return true;
  }
  if (!joined && !isFirst) return false;
  if (term.kind === 'scale' || term.kind === 'dual') state.total += term.value;
  else if (term.kind === 'hundred') state.group += 100;
  else if (term.kind === 'hundreds') {
    if (state.group % 1000 !== 0) return false;
    state.group += term.value;
  } else {
    if (term.kind === 'unit' && state.group % 10 !== 0) return false;
    if (term.kind === 'tens' && state.group % 100 >= 10) return false;
    state.group += term.value;
  }
  return true;
}

function readArabic(words: Word[], first: number, text: string): SpelledNumber | null {
  const head = words[first];
  if (!head) return null;
  const ordinal = arabicOrdinal(head.norm);
  if (ordinal !== null) return { value: ordinal, isOrdinal: true, first, last: first };
  const state: ArabicState = { total: 0, group: 0 };
  let last = first - 1;
  for (let index = first; index < words.length; index += 1) {
    const word = words[index]!;
    if (index > first && !isAdjacent(text, words[index - 1]!, word)) break;
    const joined = index > first && word.norm.startsWith('و') && arabicTerm(word.norm) === null;
    const bare = joined ? word.norm.slice(1) : word.norm;
    const ten = words[index + 1];
    if (
      ten &&
      isTeenTen(ten.norm) &&
      isAdjacent(text, word, ten) &&
      (arabicTerm(bare)?.kind ?? '') === 'unit'
    ) {
      if (!addArabic(state, 'عشره', joined, index === first)) break;
      state.group += (arabicTerm(bare) as { value: number }).value;
      last = index + 1;
      index += 1;
      continue;
    }
    if (TEEN_ONLY.has(bare) || !addArabic(state, bare, joined, index === first)) break;
    last = index;
  }
  return last < first ? null : { value: state.total + state.group, isOrdinal: false, first, last };
}

/** The longest spelled number that starts at words[first], or null. */
export function readSpelledNumber(
  words: Word[],
  first: number,
  text: string,
  lang: Lang,
): SpelledNumber | null {
  if (lang === 'ar') return readArabic(words, first, text);
  return readLatin(words, first, text, lang === 'de' ? GERMAN : ENGLISH);
}
