import type { Lang } from '../text/index.ts';
import type { SerializedClassifier } from './classifier.ts';
import type { FeatureConfig } from './features.ts';
import type { ParserKind } from './parser-kind.ts';

export type { Lang, ParserKind };

export interface TrainingExample {
  id: string;
  text: string;
  /** The command id, as a string. */
  command: string;
}

export interface TrainOptions {
  lang: Lang;
  parser: ParserKind;
  seed?: number;
}

export interface CommandScore {
  command: string;
  score: number;
}

export interface ExampleScore extends TrainingExample {
  score: number;
}

export interface Prediction {
  /** Every command, best first; scores in [0, 1]. */
  ranking: CommandScore[];
  /** The most similar training examples, best first. */
  examples: ExampleScore[];
  /** Similarity to the nearest training example (the debugger's cosine). */
  cosine: number;
  /** How close the message is to the nearest command's examples (its best centroid cosine). */
  confidence: number;
  /** `confidence < threshold`, the best command scores below the floor (calibration.ts), or no commands. */
  isOutOfScope: boolean;
  /** The confidence below which a message is out of scope (the debugger's cosine_threshold). */
  threshold: number;
}

/** Everything `predict` needs, as plain JSON; derived indexes are rebuilt from it and cached per process. */
export interface Model {
  version: number;
  /** Content hash: equal hashes mean equal predictions. */
  hash: string;
  parser: ParserKind;
  lang: Lang;
  seed: number;
  features: FeatureConfig;
  examples: TrainingExample[];
  /** Out-of-scope threshold on the message's best centroid similarity (see calibration.ts). */
  threshold: number;
  /** Out of scope when the best command scores below this (see calibration.ts); absent in older models. */
  scoreFloor?: number;
  /** Classifier from the last full training; commands added since are scored by similarity alone. */
  classifier: SerializedClassifier | null;
}
