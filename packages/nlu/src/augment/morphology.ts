const ARABIC_WORD = /^[\u0621-\u064A]+$/;
// The article goes only on words with a feminine or plural noun ending: verbs (احجز) never take it.
const NOUN_ENDING = /(?:ة|ات)$/;
const ARTICLE_START = /^[وفبكل]?ال/;

/**
 * The same Arabic word without the conjunction و, or with or without the article ال (والقهوة → القهوة →
 * قهوة, طاولة → الطاولة), or null. Not before a word that has the article itself: there the two are a
 * construct or noun and adjective ("طاولة المطعم", "المطعم الكبير"), which the change would break.
 */
export function arabicArticleVariant(word: string, next: string): string | null {
  if (!ARABIC_WORD.test(word) || ARTICLE_START.test(next)) return null;
  if (word.startsWith('وال') && word.length >= 6) return word.slice(1);
  if (word.startsWith('ال') && word.length >= 5) return word.slice(2);
  return NOUN_ENDING.test(word) && word.length >= 3 ? `ال${word}` : null;
}
