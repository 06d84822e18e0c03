/**
 * The languages the engine reads. Every per-language table is a `Record<Lang, …>`, so adding one is a compile
 * error until each table has it.
 */
export const LANGS = ['ar', 'en', 'de'] as const;
export type Lang = (typeof LANGS)[number];

/** How German umlauts are folded: `ae`-style spelling (ä → ae) or to the base letter (ä → a). */
export type UmlautFolding = 'spell' | 'base';

export interface NormalizeOptions {
  umlauts?: UmlautFolding;
}

const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const ARABIC_LETTERS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
  ی: 'ي',
  ک: 'ك',
  '،': ',',
  '؛': ';',
  '؟': '?',
};
const ARABIC_LETTER_PATTERN = /[أإآٱىةؤئیک،؛؟]/g;
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

const UMLAUTS_SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const UMLAUTS_BASE: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };
const LATIN_COMBINING_MARKS = /[\u0300-\u036F]/g;

function normalizeArabicScript(text: string): string {
  return text
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_LETTER_PATTERN, (letter) => ARABIC_LETTERS[letter] ?? letter)
    .replace(EASTERN_DIGITS, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
}

function foldUmlauts(text: string, folding: UmlautFolding): string {
  const table = folding === 'spell' ? UMLAUTS_SPELLED : UMLAUTS_BASE;
  return text.replace(/[äöüß]/g, (letter) => table[letter] ?? letter);
}

/** Accents that carry no meaning for matching (café → cafe), applied after umlaut folding. */
function stripLatinAccents(text: string): string {
  return text.normalize('NFD').replace(LATIN_COMBINING_MARKS, '').normalize('NFC');
}

/**
 * Canonical form of a message for matching: Unicode compatibility forms, Arabic orthographic variants,
 * Western digits, lower case, German umlaut folding and single spaces. Arabic rules apply in every language
 * because users mix scripts; umlaut folding follows `lang` (English folds ä to a).
 */
export function normalizeText(text: string, lang: Lang, options: NormalizeOptions = {}): string {
  const lowered = normalizeArabicScript(text.normalize('NFKC')).toLowerCase();
  const folding = options.umlauts ?? (lang === 'de' ? 'spell' : 'base');
  return stripLatinAccents(foldUmlauts(lowered, folding)).replace(/\s+/g, ' ').trim();
}
