import { type Lang, normalizeText, stem } from '../../text/index.ts';
import { wordsOf } from '../entities/words.ts';
import { functionWords } from '../function-words.ts';

export interface FreeSearch {
  value: string;
  start: number;
  end: number;
}

function stemSet(words: string[], lang: Lang): Set<string> {
  const stems = new Set<string>();
  for (const phrase of words) {
    for (const word of normalizeText(phrase, lang).split(' ')) if (word) stems.add(stem(word, lang));
  }
  return stems;
}

/**
 * A search variable's free text: the message without the command's own words, the owner's stop words and
 * function words ("search for red running shoes please" → "red running shoes"), or null if nothing is left.
 */
export function freeSearchText(
  text: string,
  lang: Lang,
  commandWords: string[],
  stopWords: string[],
): FreeSearch | null {
  const removed = stemSet([...commandWords, ...stopWords], lang);
  const fillers = functionWords(lang);
  const kept = wordsOf(text, lang).filter(
    (word) => !fillers.has(word.norm) && !removed.has(stem(word.norm, lang)),
  );
  const first = kept[0];
  const last = kept.at(-1);
  if (!first || !last) return null;
  return { value: kept.map((word) => word.raw).join(' '), start: first.start, end: last.end };
}
