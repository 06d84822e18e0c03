import { pick, type Random } from './random.ts';

const LETTERS = /^\p{L}{4,}$/u;

/** One keyboard-style slip in a word of 4+ letters: two letters swapped, one dropped or one doubled. */
export function withTypo(word: string, random: Random): string | null {
  if (!LETTERS.test(word)) return null;
  // Inner positions only: first letters are rarely mistyped and keep the word recognisable.
  const at = 1 + Math.floor(random() * (word.length - 2));
  const kind = pick(['swap', 'drop', 'double'] as const, random);
  if (kind === 'swap') {
    const swapped = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    return swapped === word ? null : swapped;
  }
  if (kind === 'drop') return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at] + word.slice(at);
}
