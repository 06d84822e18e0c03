// Light stemming for normalised Arabic (Larkey's Light10 with normalised letters: ة → ه, ى → ي): strip the
// conjunction و, the article with its attached prepositions, and common suffixes, never leaving fewer than
// two letters. Light stemming keeps roots' patterns apart (مكتبه "library" vs كاتب "writer").

const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

function stripConjunction(word: string): string {
  return word.startsWith('و') && word.length >= 4 ? word.slice(1) : word;
}

function stripArticle(word: string): string {
  for (const article of ARTICLES) {
    if (word.startsWith(article) && word.length - article.length >= 2) return word.slice(article.length);
  }
  return word;
}

function stripSuffixes(word: string): string {
  let stem = word;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 2) stem = stem.slice(0, -suffix.length);
  }
  return stem;
}

export function stemArabic(word: string): string {
  return stripSuffixes(stripArticle(stripConjunction(word)));
}
