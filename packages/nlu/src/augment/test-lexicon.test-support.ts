import type { Lexicon, SynonymSet } from '../engine/lexicon.ts';

/** A stand-in for WordNet (the engine may not import it): a few words, their parts of speech and synonyms. */
export function testLexicon(name: string, sets: Record<string, SynonymSet[]>): Lexicon {
  return { name, lang: 'en', concepts: () => [], synonyms: (word) => sets[word] ?? [] };
}
