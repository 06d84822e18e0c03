import { distance } from 'fastest-levenshtein';
import { type Lang, normalizeText } from '../../text/index.ts';
import { type Word, wordsOf } from '../entities/words.ts';
import { allowedEdits, wordForms } from './word-forms.ts';

export interface ListLabel {
  keyword: string;
  syns: string[];
}

export interface ListMatch {
  /** The label's keyword (or the list value) the message names. */
  value: string;
  /** The message's words that matched, as written. */
  matched: string;
  start: number;
  end: number;
  /** 1 for an exact match, lower with each edit. */
  score: number;
}

interface Phrase {
  value: string;
  words: string[];
  length: number;
}

/** Edits between two words under their best forms, or null when over the tolerance. */
function wordEdits(messageWord: string, phraseWord: string, lang: Lang): number | null {
  let best: number | null = null;
  for (const left of wordForms(messageWord, lang)) {
    for (const right of wordForms(phraseWord, lang)) {
      if (left === right) return 0;
      const tolerance = allowedEdits(Math.min(left.length, right.length));
      if (Math.abs(left.length - right.length) > tolerance) continue;
      const edits = distance(left, right);
      if (edits <= tolerance && (best === null || edits < best)) best = edits;
    }
  }
  return best;
}

function phrasesOf(labels: ListLabel[], values: string[], lang: Lang): Phrase[] {
  const named = [
    ...labels.flatMap((label) =>
      [label.keyword, ...label.syns].map((text) => ({ value: label.keyword, text })),
    ),
    ...values.map((value) => ({ value, text: value })),
  ];
  return named
    .map(({ value, text }) => {
      const words = normalizeText(text, lang).split(' ').filter(Boolean);
      return { value, words, length: words.join(' ').length };
    })
    .filter((phrase) => phrase.words.length > 0);
}

interface Candidate {
  phrase: Phrase;
  first: number;
  edits: number;
}

function matchAt(words: Word[], first: number, phrase: Phrase, lang: Lang): Candidate | null {
  let edits = 0;
  for (let offset = 0; offset < phrase.words.length; offset += 1) {
    const word = words[first + offset];
    const wordEdit = word ? wordEdits(word.norm, phrase.words[offset]!, lang) : null;
    if (wordEdit === null) return null;
    edits += wordEdit;
  }
  return { phrase, first, edits };
}

/** Exact before fuzzy, then the longer phrase, then fewer edits, then the earlier position. */
function isBetter(candidate: Candidate, best: Candidate | null): boolean {
  if (!best) return true;
  if ((candidate.edits === 0) !== (best.edits === 0)) return candidate.edits === 0;
  if (candidate.phrase.length !== best.phrase.length) return candidate.phrase.length > best.phrase.length;
  return candidate.edits < best.edits;
}

/**
 * The list value a message names: a label keyword or one of its synonyms (several words allowed), or a plain
 * value, compared on normalised words with Arabic clitics stripped and a typo tolerance scaled by word length.
 */
export function matchList(
  text: string,
  lang: Lang,
  labels: ListLabel[],
  values: string[] = [],
): ListMatch | null {
  const words = wordsOf(text, lang);
  let best: Candidate | null = null;
  for (const phrase of phrasesOf(labels, values, lang)) {
    for (let first = 0; first + phrase.words.length <= words.length; first += 1) {
      const candidate = matchAt(words, first, phrase, lang);
      if (candidate && isBetter(candidate, best)) best = candidate;
    }
  }
  if (!best) return null;
  const start = words[best.first]!.start;
  const end = words[best.first + best.phrase.words.length - 1]!.end;
  const score = Math.max(0, 1 - best.edits / Math.max(best.phrase.length, 1));
  return { value: best.phrase.value, matched: text.slice(start, end), start, end, score };
}
