import type { Lang } from '../../text/index.ts';

const ARABIC_ARTICLES = ['بال', 'كال', 'لل', 'ال'];
const ARABIC_CONJUNCTIONS = ['و', 'ف'];
const ARABIC_PREPOSITIONS = ['ب', 'ل', 'ك'];

function stripOne(word: string, prefixes: string[], minimum: number): string[] {
  return prefixes
    .filter((prefix) => word.startsWith(prefix) && word.length - prefix.length >= minimum)
    .map((prefix) => word.slice(prefix.length));
}

/**
 * The forms a normalised word is compared under: itself and, in Arabic, without the conjunction, a
 * preposition and the article (والقهوه, بالقهوه → قهوه), never leaving fewer than two letters.
 */
export function wordForms(word: string, lang: Lang): string[] {
  if (lang !== 'ar' && !/[\u0600-\u06FF]/.test(word)) return [word];
  const bases = [word, ...stripOne(word, ARABIC_CONJUNCTIONS, 3)];
  const forms = new Set(bases);
  for (const base of bases) {
    for (const bare of stripOne(base, ARABIC_ARTICLES, 2)) forms.add(bare);
    for (const bare of stripOne(base, ARABIC_PREPOSITIONS, 3)) forms.add(bare);
  }
  return [...forms];
}

/** Edits allowed when comparing a word of this length: none up to 3 letters, 1 up to 7, then 2. */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}
