/** Any letter of the Arabic script blocks (Arabic, Supplement, Extended-A, Presentation Forms A and B). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export function hasArabicScript(text: string): boolean {
  return ARABIC_SCRIPT.test(text);
}

/**
 * Spec §2: Arabic examples display right to left, whatever the console's language. An example is Arabic when
 * its language says so or when its text is written in Arabic script.
 */
export function exampleDirection(example: {
  example_lang?: string | null;
  example_text: string;
}): 'rtl' | 'ltr' {
  return example.example_lang === 'ar' || hasArabicScript(example.example_text) ? 'rtl' : 'ltr';
}
