import { type Classify, decodeClassifier } from './classifier.ts';
import { extendVocabulary, type Vocabulary } from './familiarity.ts';
import { extractFeatures } from './features.ts';
import {
  centroidSimilarities,
  type ExampleCandidates,
  exampleSimilarities,
  unitQuery,
} from './similarity.ts';
import type { SparseVector } from './sparse.ts';
import { finishSteps, type Steps } from './steps.ts';
import type { Model } from './types.ts';
import { type VectorSpace, vectorSpaceSteps } from './vector-space.ts';

/** Weight of the classifier against centroid similarity in a command's score (measured on dev). */
export const CLASSIFIER_WEIGHT = 0.85;
/** How many of the best commands have their examples compared with the message. */
const COMMANDS_WITH_EXAMPLES = 2;

/** What a model derives from its JSON once per process: feature vectors, indexes, decoded weights. */
export interface Runtime {
  rawVectors: SparseVector[];
  space: VectorSpace;
  classify: Classify | null;
  /** For each classifier class, its command's position in `space.commands`, or −1 if it has no examples now. */
  classifierToSpace: Int32Array;
  /** The examples' words, built on the first prediction (see familiarity.ts). */
  vocabulary?: Vocabulary;
}

export interface Scores {
  commandScores: Float32Array;
  similarityScores: Float32Array;
  similarExamples: ExampleCandidates;
}

export function mapClassifierClasses(model: Model, space: VectorSpace): Int32Array {
  const position = new Map(space.commands.map((command, index) => [command, index]));
  return Int32Array.from(model.classifier?.commands ?? [], (command) => position.get(command) ?? -1);
}

function reuseVectors(previous: { model: Model; runtime: Runtime } | undefined) {
  const known = new Map<string, SparseVector>();
  previous?.model.examples.forEach((example, index) => {
    known.set(example.text, previous.runtime.rawVectors[index]!);
  });
  return known;
}

/** How many examples' features are extracted in one step of a runtime built a step at a time. */
const EXTRACTIONS_PER_STEP = 64;

/**
 * Builds the runtime of `model`. Given the model it was derived from (an example added or removed), reuses
 * that one's feature vectors and decoded classifier instead of recomputing them.
 */
export function buildRuntime(model: Model, previous?: { model: Model; runtime: Runtime }): Runtime {
  return finishSteps(runtimeSteps(model, previous));
}

/** buildRuntime a step at a time (see steps.ts): no step is longer than a pass over the examples or buckets. */
export function* runtimeSteps(model: Model, previous?: { model: Model; runtime: Runtime }): Steps<Runtime> {
  const known = reuseVectors(previous);
  const rawVectors: SparseVector[] = [];
  let extracted = 0;
  for (const example of model.examples) {
    const reused = known.get(example.text);
    if (reused) {
      rawVectors.push(reused);
      continue;
    }
    rawVectors.push(extractFeatures(example.text, model.lang, model.features));
    extracted += 1;
    if (extracted % EXTRACTIONS_PER_STEP === 0) yield;
  }
  yield;
  const space = yield* vectorSpaceSteps(
    rawVectors,
    model.examples.map((example) => example.command),
    model.features.buckets,
  );
  yield;
  // an example added or removed: the previous words plus the new examples' (see familiarity.ts)
  const previousVocabulary = previous?.runtime.vocabulary;
  const vocabulary = previousVocabulary
    ? extendVocabulary(
        previousVocabulary,
        model.examples.filter((example) => !known.has(example.text)).map((example) => example.text),
        model,
      )
    : undefined;
  // the same classifier: the same object (addExample), or the same weights read again from JSON
  const sameClassifier =
    previous !== undefined &&
    (previous.model.classifier === model.classifier ||
      (previous.model.classifier !== null && previous.model.classifier.hash === model.classifier?.hash));
  if (!sameClassifier && model.classifier) yield;
  const classify = sameClassifier
    ? previous.runtime.classify
    : model.classifier
      ? decodeClassifier(model.classifier)
      : null;
  return {
    rawVectors,
    space,
    classify,
    classifierToSpace: mapClassifierClasses(model, space),
    ...(vocabulary && { vocabulary }),
  };
}

/** Positions of the `count` best scores, best first (ties keep the lower position first). */
function bestCommands(scores: Float32Array, count: number): number[] {
  const best: number[] = [];
  for (let command = 0; command < scores.length; command++) {
    const score = scores[command]!;
    if (best.length === count && score <= scores[best[count - 1]!]!) continue;
    let slot = best.length;
    while (slot > 0 && scores[best[slot - 1]!]! < score) slot--;
    best.splice(slot, 0, command);
    if (best.length > count) best.pop();
  }
  return best;
}

/** Softmax over centroid similarities: how much probability commands unknown to the classifier take. */
const SIMILARITY_TEMPERATURE = 0.05;

function similarityProbabilities(similarityScores: Float32Array): Float32Array {
  const best = Math.max(0, ...similarityScores);
  const weights = similarityScores.map((score) => Math.exp((score - best) / SIMILARITY_TEMPERATURE));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  return weights.map((weight) => weight / total);
}

/**
 * Command probabilities from the classifier, adjusted for examples changed since it was trained: commands it
 * does not know take their share from a softmax over centroid similarities, the known ones share the rest,
 * and commands that lost all their examples drop out.
 */
function commandProbabilities(runtime: Runtime, query: SparseVector, similarityScores: Float32Array) {
  const classify = runtime.classify;
  if (!classify) return similarityProbabilities(similarityScores);
  const fromClassifier = classify(query);
  const probabilities = new Float32Array(similarityScores.length);
  const isKnown = new Uint8Array(similarityScores.length);
  let knownMass = 0;
  runtime.classifierToSpace.forEach((command, known) => {
    if (command < 0) return;
    isKnown[command] = 1;
    probabilities[command] = fromClassifier[known] ?? 0;
    knownMass += fromClassifier[known] ?? 0;
  });
  const isComplete = isKnown.every(Boolean);
  const fromSimilarity = isComplete ? undefined : similarityProbabilities(similarityScores);
  const unknownMass = fromSimilarity
    ? fromSimilarity.reduce((sum, p, command) => sum + (isKnown[command] ? 0 : p), 0)
    : 0;
  return probabilities.map((probability, command) =>
    isKnown[command]
      ? (probability / (knownMass || 1)) * (1 - unknownMass)
      : (fromSimilarity?.[command] ?? 0),
  );
}

function blendScores(runtime: Runtime, query: SparseVector, similarityScores: Float32Array): Float32Array {
  const probabilities = commandProbabilities(runtime, query, similarityScores);
  return probabilities.map(
    (probability, command) =>
      CLASSIFIER_WEIGHT * probability + (1 - CLASSIFIER_WEIGHT) * (similarityScores[command] ?? 0),
  );
}

export function scoreWithRuntime(runtime: Runtime, rawQuery: SparseVector): Scores {
  const query = unitQuery(runtime.space, rawQuery);
  const similarityScores = centroidSimilarities(runtime.space, query);
  const commandScores = blendScores(runtime, query, similarityScores);
  const similarExamples = exampleSimilarities(
    runtime.space,
    query,
    bestCommands(commandScores, COMMANDS_WITH_EXAMPLES),
  );
  return { commandScores, similarityScores, similarExamples };
}

/** The out-of-scope confidence of example `example` scored as if it were unseen (for calibration). */
export function leftOutConfidence(runtime: Runtime, example: number): number {
  const query = runtime.space.unitVectors[example]!;
  return Math.max(0, ...centroidSimilarities(runtime.space, query, example));
}
