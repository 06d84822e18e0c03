import type { Lang } from './normalize.ts';
import { stemArabic } from './stem-arabic.ts';
import { stemEnglish } from './stem-english.ts';
import { stemGerman } from './stem-german.ts';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * Light stem of one normalised token. Arabic-script tokens get the Arabic stemmer whatever `lang` is (users
 * mix scripts); numbers are returned unchanged.
 */
export function stem(token: string, lang: Lang): string {
  if (/^\p{N}/u.test(token)) return token;
  if (ARABIC_LETTER.test(token)) return stemArabic(token);
  if (lang === 'de') return stemGerman(token);
  return stemEnglish(token);
}
