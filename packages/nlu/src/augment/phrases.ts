import { type Lang, normalizeText } from '../text/index.ts';

/** A message as whitespace-separated tokens; punctuation stays on its word. */
export type Tokens = string[];

export function tokensOf(text: string): Tokens {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** A token's comparable form: normalised, without surrounding punctuation. */
export function bareToken(token: string, lang: Lang): string {
  return normalizeText(token, lang).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The index where a phrase's words start among the tokens, or -1. */
export function findPhrase(tokens: Tokens, phrase: string, lang: Lang): number {
  const words = normalizeText(phrase, lang).split(' ').filter(Boolean);
  if (words.length === 0) return -1;
  for (let first = 0; first + words.length <= tokens.length; first += 1) {
    if (words.every((word, offset) => bareToken(tokens[first + offset]!, lang) === word)) return first;
  }
  return -1;
}

/** Replaces `length` tokens at `first` with a phrase, keeping punctuation that trailed the last one. */
export function replaceAt(tokens: Tokens, first: number, length: number, phrase: string): Tokens {
  const trailing = tokens[first + length - 1]?.match(/[^\p{L}\p{N}]+$/u)?.[0] ?? '';
  const replacement = tokensOf(phrase);
  if (replacement.length > 0 && trailing) replacement[replacement.length - 1] += trailing;
  const head = replacement[0];
  if (first === 0 && head && /^\p{Lu}/u.test(tokens[0] ?? ''))
    replacement[0] = head[0]!.toUpperCase() + head.slice(1);
  return [...tokens.slice(0, first), ...replacement, ...tokens.slice(first + length)];
}
