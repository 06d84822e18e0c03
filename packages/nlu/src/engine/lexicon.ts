import type { Lang } from '../text/index.ts';

export type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';

/** Words that can stand for a word in one part of speech (augmentation swaps them in). */
export interface SynonymSet {
  pos: PartOfSpeech;
  words: readonly string[];
}

/**
 * A source of word meanings: the concepts a word stands for, numbered by the lexicon. Two words that share a
 * concept ("rain" and "snow" under "precipitation", both under "weather") share a feature, so a message can
 * match a command whose examples use other words for the same thing. The engine itself ships none (it does
 * no I/O): the host loads one and registers it with `useLexicon`.
 */
export interface Lexicon {
  /** Recorded in the features of models trained with it; such models need it registered to predict. */
  name: string;
  lang: Lang;
  /** The distinct concept ids of a normalised word; empty for unknown and function words. */
  concepts(word: string): ArrayLike<number>;
  /**
   * Optional: the parts of speech a lowercase word is commonly used in, each with the words that mean what it
   * most often means there (possibly none); empty for unknown and function words. Augmentation swaps the
   * synonyms in and reads the parts of speech; a lexicon without it gives neither.
   */
  synonyms?(word: string): readonly SynonymSet[];
}

const byLang = new Map<Lang, Lexicon>();
const byName = new Map<string, Lexicon>();

/** Registers `lexicon`: models trained from now on in its language use it. */
export function useLexicon(lexicon: Lexicon): void {
  byLang.set(lexicon.lang, lexicon);
  byName.set(lexicon.name, lexicon);
}

/** Forgets every registered lexicon (tests). */
export function clearLexicons(): void {
  byLang.clear();
  byName.clear();
}

/** The lexicon new models of `lang` train with, if one is registered. */
export function lexiconForLanguage(lang: Lang): Lexicon | undefined {
  return byLang.get(lang);
}

/** The lexicon a model's features name; throws when the host has not registered it. */
export function lexiconNamed(name: string): Lexicon {
  const lexicon = byName.get(name);
  if (!lexicon) throw new Error(`This model needs the lexicon "${name}": register it with useLexicon first`);
  return lexicon;
}
