import { type Lang, normalizeText, tokenizeWithSpans } from '../../text/index.ts';

/** A word or number of the message with its offsets and its normalised form. */
export interface Word {
  raw: string;
  norm: string;
  start: number;
  end: number;
}

export function wordsOf(text: string, lang: Lang): Word[] {
  return tokenizeWithSpans(text, lang).map((span) => ({
    raw: span.token,
    norm: normalizeText(span.token, lang),
    start: span.start,
    end: span.end,
  }));
}

/** Whether only spaces (or, when allowed, hyphens) separate two words: numbers do not run across punctuation. */
export function isAdjacent(text: string, left: Word, right: Word, allowHyphen = false): boolean {
  const gap = text.slice(left.end, right.start);
  return allowHyphen ? /^[\s-]*$/.test(gap) && gap.length > 0 : /^\s+$/.test(gap);
}
