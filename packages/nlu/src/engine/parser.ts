import { calibrateThreshold, scoreFloorFor } from './calibration.ts';
import { decodeClassifier, LARGE_BOT, trainClassifier } from './classifier.ts';
import { buildVocabulary, isUnfamiliar } from './familiarity.ts';
import { DEFAULT_FEATURES, extractFeatures, type FeatureConfig, stemmedWords } from './features.ts';
import { lexiconForLanguage } from './lexicon.ts';
import { nearDuplicateWeights } from './near-duplicates.ts';
import { isNegativeClass } from './negatives.ts';
import type { ParserScores } from './prediction.ts';
import { buildRuntime, leftOutConfidence, type Runtime, scoreWithRuntime } from './runtime.ts';
import type { Lang, Model, ParserKind, TrainingExample } from './types.ts';

/**
 * 3: `features.lexicon` (English models trained where WordNet is registered).
 * 2: `features.umlauts`, word bigrams at weight 1, `scoreFloor`. Older models carry their own feature settings and are
 * read exactly as they were trained (no `umlauts`: the language's default folding).
 */
export const MODEL_VERSION = 3;
/**
 * Measured on MASSIVE dev at 8 shots (5 seeds): words count double, word bigrams as much as a character
 * n-gram, character n-grams of 2 to 4 letters, German umlauts folded to the base letter (ä → a; with the
 * bigrams: de +0.4, en +0.2, ar +0.1 over ä → ae and bigrams at 0.5).
 */
export const MODEL_FEATURES: FeatureConfig = {
  ...DEFAULT_FEATURES,
  wordWeight: 2,
  bigramWeight: 1,
  charMax: 4,
  umlauts: 'base',
};

/**
 * The model's features: MODEL_FEATURES, plus the concepts of the language's lexicon when one is registered and
 * the bot is not large. Concepts pay where examples are few and their words leave gaps (MASSIVE en 8-shot +1.0);
 * above LARGE_BOT examples the examples cover the vocabulary (CLINC150 full +0.2, MASSIVE en full −0.1) while
 * concepts cost a tenth more training and a quarter more prediction time.
 */
export function featuresFor(lang: Lang, exampleCount: number): FeatureConfig {
  const lexicon = lexiconForLanguage(lang);
  return lexicon && exampleCount <= LARGE_BOT ? { ...MODEL_FEATURES, lexicon: lexicon.name } : MODEL_FEATURES;
}

function maximum(values: Float32Array): number {
  let best = 0;
  for (const value of values) if (value > best) best = value;
  return best;
}

/** The median number of examples of the bot's commands (negative examples are not a command). */
function medianExamplesPerCommand(space: { commands: string[]; examplesOf: Int32Array[] }): number {
  const counts = space.examplesOf
    .filter((_, command) => !isNegativeClass(space.commands[command] ?? ''))
    .map((examples) => examples.length)
    .sort((a, b) => a - b);
  return counts[Math.floor(counts.length / 2)] ?? 0;
}

/** Full training: feature vectors and TF-IDF space, the classifier, then the out-of-scope threshold. */
export function trainModel(
  examples: TrainingExample[],
  options: { lang: Lang; parser: ParserKind; seed: number },
): { model: Omit<Model, 'hash'>; runtime: Runtime } {
  const { lang, parser, seed } = options;
  const base = {
    version: MODEL_VERSION,
    parser,
    lang,
    seed,
    features: featuresFor(lang, examples.length),
    examples,
  };
  const untrained = buildRuntime({ ...base, hash: '', threshold: 0, classifier: null });
  const { space } = untrained;
  // Large bots skip the weights: comparing a command's examples pairwise grows with the square of their count.
  const weights =
    examples.length > LARGE_BOT
      ? undefined
      : nearDuplicateWeights(space.unitVectors, space.examplesOf, space.buckets);
  const classifier = trainClassifier(
    parser,
    space.unitVectors,
    space.exampleCommands,
    space.commands,
    seed,
    weights,
  );
  // The classifier was trained on exactly these commands, so its classes map one to one.
  const runtime: Runtime = {
    ...untrained,
    classify: classifier ? decodeClassifier(classifier) : null,
    classifierToSpace: classifier ? Int32Array.from(space.commands.keys()) : new Int32Array(0),
  };
  // calibrated on the commands' examples: how messages like the bot's own score
  const own = examples.flatMap((example, index) => (isNegativeClass(example.command) ? [] : [index]));
  const threshold = calibrateThreshold(
    own.length,
    (position) => leftOutConfidence(runtime, own[position]!),
    seed,
  );
  const scoreFloor = scoreFloorFor(medianExamplesPerCommand(space), parser);
  return { model: { ...base, classifier, threshold, scoreFloor }, runtime };
}

export function scoreModel(model: Model, runtime: Runtime, text: string): ParserScores {
  // tokenised and stemmed once: the features and the familiarity check read the same words
  const words = stemmedWords(text, model.lang, model.features.umlauts);
  const scores = scoreWithRuntime(runtime, extractFeatures(text, model.lang, model.features, words));
  runtime.vocabulary ??= buildVocabulary(model);
  return {
    commands: runtime.space.commands,
    commandScores: scores.commandScores,
    confidence: maximum(scores.similarityScores),
    similarExamples: scores.similarExamples,
    isUnfamiliar: isUnfamiliar(words, model, runtime.vocabulary),
  };
}
