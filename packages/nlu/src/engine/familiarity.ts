import { functionWords } from '../extract/function-words.ts';
import { type StemmedWords, stemmedWords } from './features.ts';
import { lexiconNamed } from './lexicon.ts';
import type { Model } from './types.ts';

/**
 * Whether a message has a word the bot knows. The classifier always names its likeliest command and the
 * centroid cosine of a made-up word is small but not zero (character pairs and triples are everywhere): with a
 * few examples a command, "plugh frobozz" scored as "order pizza", and a bot of one command took 40 random hex
 * letters for it at 0.87. A message whose content words are all strange to the bot is out of scope.
 *
 * A word is familiar when its stem is one of the examples' stems, one edit away from one (a typo: "pizzza",
 * "opne"), shares a part of PART letters with an example's word (a compound's part, an Arabic word under a
 * clitic the stemmer leaves: "Pizzabestellung", "والبيتزا"), or, with a lexicon, shares a concept ("purchase"
 * for "buy"). Function words, numbers and one-letter tokens say nothing either way; a message of only those is
 * left to the threshold.
 */
export interface Vocabulary {
  stems: ReadonlySet<string>;
  /** every stem with one letter deleted, for typos in either direction */
  deletions: ReadonlySet<string>;
  parts: ReadonlySet<string>;
  concepts: ReadonlySet<number> | null;
}

const PART = 5;
/** Shorter stems must match whole: one edit turns "pay" into "day". */
const TYPO_FROM = 4;

function partsOf(token: string): string[] {
  const marked = `<${token}>`;
  const parts: string[] = [];
  for (let start = 0; start + PART <= marked.length; start++) parts.push(marked.slice(start, start + PART));
  return parts;
}

function deletionsOf(word: string): string[] {
  return Array.from(word, (_, index) => word.slice(0, index) + word.slice(index + 1));
}

function isContent(token: string, stopWords: ReadonlySet<string>): boolean {
  return token.length > 1 && !/^\p{N}+$/u.test(token) && !stopWords.has(token);
}

interface MutableVocabulary {
  stems: Set<string>;
  deletions: Set<string>;
  parts: Set<string>;
  concepts: Set<number> | null;
}

function addWords(
  vocabulary: MutableVocabulary,
  texts: Iterable<string>,
  model: Pick<Model, 'lang' | 'features'>,
): MutableVocabulary {
  const lexicon = model.features.lexicon ? lexiconNamed(model.features.lexicon) : null;
  for (const text of texts) {
    const words = stemmedWords(text, model.lang, model.features.umlauts);
    words.stems.forEach((stem, index) => {
      if (vocabulary.stems.has(stem)) return;
      vocabulary.stems.add(stem);
      if (stem.length >= TYPO_FROM)
        for (const deleted of deletionsOf(stem)) vocabulary.deletions.add(deleted);
      for (const part of partsOf(words.tokens[index] ?? stem)) vocabulary.parts.add(part);
    });
    if (lexicon && vocabulary.concepts) {
      for (const token of words.tokens) {
        const concepts = lexicon.concepts(token);
        for (let index = 0; index < concepts.length; index++) vocabulary.concepts.add(concepts[index]!);
      }
    }
  }
  return vocabulary;
}

export function buildVocabulary(model: Pick<Model, 'examples' | 'lang' | 'features'>): Vocabulary {
  const empty = {
    stems: new Set<string>(),
    deletions: new Set<string>(),
    parts: new Set<string>(),
    concepts: model.features.lexicon ? new Set<number>() : null,
  };
  return addWords(
    empty,
    model.examples.map((example) => example.text),
    model,
  );
}

/**
 * The vocabulary after examples were added: the previous one with their words (a copy; the previous model may
 * still be answering). Words of removed examples stay until the next full training, as the classifier's do.
 */
export function extendVocabulary(
  previous: Vocabulary,
  texts: string[],
  model: Pick<Model, 'lang' | 'features'>,
): Vocabulary {
  const copy = {
    stems: new Set(previous.stems),
    deletions: new Set(previous.deletions),
    parts: new Set(previous.parts),
    concepts: previous.concepts ? new Set(previous.concepts) : null,
  };
  return addWords(copy, texts, model);
}

function isFamiliar(token: string, stem: string, vocabulary: Vocabulary, model: Pick<Model, 'features'>) {
  if (vocabulary.stems.has(stem)) return true;
  if (stem.length >= TYPO_FROM) {
    if (vocabulary.deletions.has(stem)) return true;
    if (
      deletionsOf(stem).some((deleted) => vocabulary.stems.has(deleted) || vocabulary.deletions.has(deleted))
    )
      return true;
  }
  if (partsOf(token).some((part) => vocabulary.parts.has(part))) return true;
  if (vocabulary.concepts && model.features.lexicon) {
    const concepts = lexiconNamed(model.features.lexicon).concepts(token);
    for (let index = 0; index < concepts.length; index++) {
      if (vocabulary.concepts.has(concepts[index]!)) return true;
    }
  }
  return false;
}

const stopWordsByLang = new Map<string, ReadonlySet<string>>();

/** Function words as the features spell them (umlauts folded as the model folds them). */
function stopWordsOf(model: Pick<Model, 'lang' | 'features'>): ReadonlySet<string> {
  const key = `${model.lang}:${model.features.umlauts ?? ''}`;
  let words = stopWordsByLang.get(key);
  if (!words) {
    words = new Set(
      [...functionWords(model.lang)].flatMap(
        (word) => stemmedWords(word, model.lang, model.features.umlauts).tokens,
      ),
    );
    stopWordsByLang.set(key, words);
  }
  return words;
}

/** True when the message (its stemmed words, as the features read them) has content words the bot knows none of. */
export function isUnfamiliar(
  { tokens, stems }: StemmedWords,
  model: Pick<Model, 'lang' | 'features'>,
  vocabulary: Vocabulary,
): boolean {
  const stopWords = stopWordsOf(model);
  let hasContent = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!isContent(token, stopWords)) continue;
    hasContent = true;
    if (isFamiliar(token, stems[index] ?? token, vocabulary, model)) return false;
  }
  return hasContent;
}
