import type { Lang } from './normalize.ts';

export interface TokenSpan {
  token: string;
  start: number;
  end: number;
}

// Letters (with combining marks) and digits form words; a decimal point or comma between digits stays inside
// the number so "3.5" and "1,000" are one token.
const TOKEN_PATTERN = /\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{M}]+/gu;

/** Words and numbers of `text` with their offsets; punctuation and symbols are dropped. */
export function tokenizeWithSpans(text: string, _lang?: Lang): TokenSpan[] {
  const spans: TokenSpan[] = [];
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const start = match.index ?? 0;
    spans.push({ token: match[0], start, end: start + match[0].length });
  }
  return spans;
}

/** Words and numbers of `text`, in order. Normalise first (`normalizeText`) to get matching-ready tokens. */
export function tokenize(text: string, lang?: Lang): string[] {
  return tokenizeWithSpans(text, lang).map((span) => span.token);
}
