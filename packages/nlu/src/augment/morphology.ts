import type { Lang } from '../text/index.ts';

const ARABIC_WORD = /^[\u0621-\u064A]+$/;
const LATIN_WORD = /^\p{L}+$/u;

/**
 * A light morphological variant of one word, or null: Arabic without the conjunction و or with or without
 * the article ال (والقهوة → القهوة → قهوة, طاولة → الطاولة); English and German singular/plural-style
 * endings (flights ↔ flight, Tage ↔ Tag).
 */
export function inflect(word: string, lang: Lang): string | null {
  if (lang === 'ar') return arabicVariant(word);
  if (!LATIN_WORD.test(word) || word.length < 4) return null;
  if (lang === 'en') {
    if (word.endsWith('ss') || word.endsWith('us')) return `${word}es`;
    return word.endsWith('s') ? word.slice(0, -1) : `${word}s`;
  }
  if (word.endsWith('en')) return word.slice(0, -1);
  if (word.endsWith('e')) return word.slice(0, -1);
  return `${word}e`;
}

// The article goes only on words with a feminine or plural noun ending: verbs (احجز) never take it.
const NOUN_ENDING = /(?:ة|ات)$/;

function arabicVariant(word: string): string | null {
  if (!ARABIC_WORD.test(word)) return null;
  if (word.startsWith('وال') && word.length >= 6) return word.slice(1);
  if (word.startsWith('ال') && word.length >= 5) return word.slice(2);
  return NOUN_ENDING.test(word) && word.length >= 3 ? `ال${word}` : null;
}
