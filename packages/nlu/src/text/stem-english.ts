// A light English stemmer: Porter's step 1 (plurals, -ed, -ing, -y) plus a few derivational endings that
// chatbot messages vary on (-ly, -ment, -ness). Light stemming keeps "order" and "ordinary" apart.

const VOWEL = /[aeiouy]/;

function hasVowel(stem: string): boolean {
  return VOWEL.test(stem);
}

function endsWithShortSyllable(stem: string): boolean {
  return /[^aeiou][aeiouy][^aeiouwxy]$/.test(stem) && stem.length <= 3;
}

function stripPlural(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.length > 4 ? `${word.slice(0, -3)}y` : word.slice(0, -1);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

function tidyAfterVerbSuffix(stem: string): string {
  if (/(at|bl|iz)$/.test(stem)) return `${stem}e`;
  if (/([^aeiouylsz])\1$/.test(stem)) return stem.slice(0, -1);
  if (endsWithShortSyllable(stem)) return `${stem}e`;
  return stem;
}

function stripVerbSuffix(word: string): string {
  if (word.endsWith('eed')) return word.length > 4 ? word.slice(0, -1) : word;
  for (const suffix of ['ing', 'ed']) {
    const stem = word.slice(0, -suffix.length);
    if (word.endsWith(suffix) && stem.length >= 2 && hasVowel(stem)) return tidyAfterVerbSuffix(stem);
  }
  return word;
}

function stripDerivation(word: string): string {
  for (const suffix of ['ment', 'ness', 'ly']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

function replaceFinalY(word: string): string {
  return /[^aeiou]y$/.test(word) && word.length > 3 ? `${word.slice(0, -1)}i` : word;
}

export function stemEnglish(word: string): string {
  if (word.length <= 3) return word;
  return replaceFinalY(stripDerivation(stripVerbSuffix(stripPlural(word))));
}
