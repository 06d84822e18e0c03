// CISTEM (Weissweiler & Fraser 2017), the case-insensitive variant, for lower-cased German. Digraphs are
// protected while suffixes are stripped so "sch", "ei" and "ie" are never cut in half.

const PROTECT: [string, string][] = [
  ['sch', '$'],
  ['ei', '%'],
  ['ie', '&'],
];

function protect(word: string): string {
  let result = word;
  for (const [digraph, mark] of PROTECT) result = result.replaceAll(digraph, mark);
  return result.replace(/(.)\1/g, '$1*');
}

function unprotect(word: string): string {
  let result = word.replace(/(.)\*/g, '$1$1');
  for (const [digraph, mark] of PROTECT) result = result.replaceAll(mark, digraph);
  return result;
}

function stripOneSuffix(word: string): string | undefined {
  if (word.length > 5 && /e[mr]$/.test(word)) return word.slice(0, -2);
  if (word.length > 5 && word.endsWith('nd')) return word.slice(0, -2);
  if (/[tesn]$/.test(word)) return word.slice(0, -1);
  return undefined;
}

export function stemGerman(word: string): string {
  let stem = protect(word.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss'));
  if (/^ge.{4,}/.test(stem)) stem = stem.slice(2);
  while (stem.length > 3) {
    const shorter = stripOneSuffix(stem);
    if (shorter === undefined) break;
    stem = shorter;
  }
  return unprotect(stem);
}
