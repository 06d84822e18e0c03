import type { Lang } from '../text/index.ts';
import type { Change } from './change.ts';
import {
  DATE_FORMS,
  DATE_NEIGHBOURS,
  DATE_PREPOSITIONS,
  FIRST_UNAMBIGUOUS_NUMBER,
  NOT_A_DATE,
  NUMBER_WORDS,
  PAST_TENSE,
} from './forms.ts';
import { bareToken, findPhrase, replaceAt, type Tokens, tokensOf } from './phrases.ts';
import { pick } from './random.ts';

const TENS: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(
    'thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand'.split(
      ' ',
    ),
  ),
};

function isNumberWord(word: string, lang: Lang): boolean {
  return /^\d/.test(word) || NUMBER_WORDS[lang].includes(word) || (TENS[lang]?.has(word) ?? false);
}

/** "2" ↔ "two" (and "zwei", "اثنين"): a count written the other way. */
function numberChanges(tokens: Tokens, lang: Lang): Change[] {
  const words = NUMBER_WORDS[lang];
  const valueAt = (token: string): number | undefined => {
    const bare = bareToken(token, lang);
    if (/^\d+$/.test(bare)) return Number(bare) < words.length ? Number(bare) : undefined;
    const value = words.findIndex((word) => bareToken(word, lang) === bare);
    return value >= FIRST_UNAMBIGUOUS_NUMBER ? value : undefined;
  };
  // Part of a longer number or time ("seven thirty", "two thousand seventeen"): "7 thirty" would read badly.
  const isInNumber = (current: Tokens, index: number) =>
    [current[index - 1], current[index + 1]].some(
      (neighbour) => neighbour !== undefined && isNumberWord(bareToken(neighbour, lang), lang),
    );
  return tokens.flatMap((token, index) => {
    if (valueAt(token) === undefined || isInNumber(tokens, index)) return [];
    return [
      {
        kind: 'form' as const,
        weight: 3,
        apply: (current: Tokens) => {
          const value = current[index] === undefined ? undefined : valueAt(current[index]!);
          if (value === undefined || isInNumber(current, index)) return null;
          const isDigit = /\d/.test(current[index]!);
          return replaceAt(current, index, 1, isDigit ? (words[value] ?? String(value)) : String(value));
        },
      },
    ];
  });
}

function isPastTense(tokens: Tokens, lang: Lang): boolean {
  const past = PAST_TENSE[lang];
  if (!past) return false;
  if (past.starts.has(bareToken(tokens[0] ?? '', lang))) return true;
  return tokens.some((token, index) => {
    const word = bareToken(token, lang);
    const isPastForm = past.irregular.has(word) || (word.length > 4 && word.endsWith('ed'));
    return isPastForm && index > 0 && past.subjects.has(bareToken(tokens[index - 1] ?? '', lang));
  });
}

/** "tomorrow" → "on Friday", "next week"…: the day named in another of its forms that fits the place. */
function dateChanges(tokens: Tokens, lang: Lang): Change[] {
  const forms = DATE_FORMS[lang];
  const isExcluded = (current: Tokens) =>
    NOT_A_DATE[lang].some((phrase) => findPhrase(current, phrase, lang) >= 0);
  // Longest first, so "on Friday" is found before the "Friday" it contains.
  const byLength = [...forms].sort((left, right) => tokensOf(right.text).length - tokensOf(left.text).length);
  const foundIn = (current: Tokens) => byLength.find((form) => findPhrase(current, form.text, lang) >= 0);
  if (foundIn(tokens) === undefined || isExcluded(tokens) || isPastTense(tokens, lang)) return [];
  return [
    {
      kind: 'form',
      weight: 3,
      apply: (current, random) => {
        const from = foundIn(current);
        if (from === undefined || isExcluded(current)) return null;
        const at = findPhrase(current, from.text, lang);
        const length = tokensOf(from.text).length;
        const { before, after } = DATE_NEIGHBOURS[lang];
        const isBound =
          before.has(bareToken(current[at - 1] ?? '', lang)) ||
          after.has(bareToken(current[at + length] ?? '', lang));
        if (isBound) return null;
        const afterPreposition = DATE_PREPOSITIONS[lang].has(bareToken(current[at - 1] ?? '', lang));
        const unwanted = afterPreposition ? 'adverb' : 'noun';
        const to = pick(
          forms.filter((form) => form !== from && form.fits !== unwanted),
          random,
        );
        return to === undefined ? null : replaceAt(current, at, length, to.text);
      },
    },
  ];
}

/** Number and date forms. */
export function formChanges(tokens: Tokens, lang: Lang): Change[] {
  return [...numberChanges(tokens, lang), ...dateChanges(tokens, lang)];
}
