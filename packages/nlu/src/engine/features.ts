import { type Lang, normalizeText, stem, tokenize, type UmlautFolding } from '../text/index.ts';
import { hashString, hashTaggedInt } from './hash.ts';
import { lexiconNamed } from './lexicon.ts';
import { type SparseVector, sparseFromMap } from './sparse.ts';

export interface FeatureConfig {
  /** Number of hash buckets, a power of two. */
  buckets: number;
  charMin: number;
  charMax: number;
  wordWeight: number;
  bigramWeight: number;
  charWeight: number;
  /**
   * How German umlauts are folded before anything else (ä → a measured better than ä → ae on MASSIVE de).
   * Absent in models trained before version 2, which keep the language's default folding.
   */
  umlauts?: UmlautFolding;
  /** The lexicon whose concepts are features too (see lexicon.ts); absent in models trained without one. */
  lexicon?: string;
}

export const DEFAULT_FEATURES: FeatureConfig = {
  buckets: 1 << 18,
  charMin: 2,
  charMax: 5,
  wordWeight: 1,
  bigramWeight: 0.5,
  charWeight: 1,
};

function count(counts: Map<number, number>, key: string, mask: number): void {
  const bucket = hashString(key) & mask;
  counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
}

/** Adds `weight * (1 + ln tf)` per bucket of one feature group. */
function addSublinear(target: Map<number, number>, counts: Map<number, number>, weight: number): void {
  for (const [bucket, termFrequency] of counts) {
    target.set(bucket, (target.get(bucket) ?? 0) + weight * (1 + Math.log(termFrequency)));
  }
}

// Character n-grams inside "<word>" marks: they match Arabic words under clitics the stemmer leaves, German
// compound parts and typos, while the marks tell a word's start and end from its middle.
function countCharacterGrams(counts: Map<number, number>, token: string, config: FeatureConfig): void {
  const marked = `<${token}>`;
  const mask = config.buckets - 1;
  for (let size = config.charMin; size <= config.charMax; size++) {
    for (let start = 0; start + size <= marked.length; start++) {
      count(counts, `c${marked.slice(start, start + size)}`, mask);
    }
  }
}

export interface StemmedWords {
  tokens: string[];
  stems: string[];
}

/** The stemmed words of a message, as the features see them. */
export function stemmedWords(text: string, lang: Lang, umlauts?: UmlautFolding): StemmedWords {
  const tokens = tokenize(normalizeText(text, lang, umlauts ? { umlauts } : {}), lang);
  return { tokens, stems: tokens.map((token) => stem(token, lang)) };
}

const CONCEPT_TAG = 's'.charCodeAt(0);
/**
 * Concepts weigh as much as a character n-gram (MASSIVE en dev, 8 shots, 5 seeds: +1.0 point with WordNet;
 * 0.6–0.8 and 1.25–2 were worse).
 */
const CONCEPT_WEIGHT = 1;

// Each word counts its concepts once; a message about "rain and snow" counts "weather" twice.
function countConcepts(counts: Map<number, number>, tokens: string[], name: string, mask: number): void {
  const lexicon = lexiconNamed(name);
  for (const token of tokens) {
    const concepts = lexicon.concepts(token);
    for (let index = 0; index < concepts.length; index++) {
      const bucket = hashTaggedInt(CONCEPT_TAG, concepts[index]!) & mask;
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
  }
}

/**
 * Sublinear term frequencies (1 + ln tf) of hashed stemmed words, word bigrams, character n-grams and, with a
 * lexicon, the words' concepts.
 */
export function extractFeatures(
  text: string,
  lang: Lang,
  config: FeatureConfig = DEFAULT_FEATURES,
  /** the text's stemmedWords, when the caller has them already */
  stemmed: StemmedWords = stemmedWords(text, lang, config.umlauts),
): SparseVector {
  const { tokens, stems } = stemmed;
  const mask = config.buckets - 1;
  const words = new Map<number, number>();
  const bigrams = new Map<number, number>();
  const characters = new Map<number, number>();
  stems.forEach((word, position) => {
    count(words, `w${word}`, mask);
    const next = stems[position + 1];
    if (next !== undefined) count(bigrams, `b${word} ${next}`, mask);
  });
  for (const token of tokens) countCharacterGrams(characters, token, config);
  const concepts = new Map<number, number>();
  if (config.lexicon) countConcepts(concepts, tokens, config.lexicon, mask);
  const features = new Map<number, number>();
  addSublinear(features, words, config.wordWeight);
  addSublinear(features, bigrams, config.bigramWeight);
  addSublinear(features, characters, config.charWeight);
  addSublinear(features, concepts, CONCEPT_WEIGHT);
  return sparseFromMap(features);
}
