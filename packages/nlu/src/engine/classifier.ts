import { type EmbeddingClassifier, predictEmbedding, trainEmbedding } from './embedding.ts';
import {
  decodeFloats,
  decodeInts,
  dequantizeRows,
  encodeFloats,
  encodeInts,
  type QuantizedRows,
  quantizeRows,
} from './encode.ts';
import { contentHash } from './hash.ts';
import { type LinearModel, predictLinear, trainLinear } from './linear.ts';
import type { SparseVector } from './sparse.ts';
import type { ParserKind } from './types.ts';

/** The trained classifier inside a model, as JSON: weights base64-encoded, int8 where they are large. */
export interface SerializedClassifier {
  kind: ParserKind;
  /** Content hash of the weights, computed once so updating examples does not re-hash megabytes. */
  hash: string;
  commands: string[];
  features: string;
  /** `default`: one row of per-command weights per feature; `embedding`: one feature vector per feature. */
  weights: QuantizedRows;
  /** `embedding` only: the softmax layer, commands × dimension. */
  output?: string;
  bias: string;
}

/** Returns command probabilities for a unit TF-IDF query vector. */
export type Classify = (query: SparseVector) => Float32Array;

const LEARNING_RATE = { default: 3, embedding: 0.5 };
const EMBEDDING_DIMENSION = 64;
// Epochs shrink as the training set grows so full training stays within seconds: few-shot bots get 10
// passes, 15,000 examples get 3 (CLINC150 validation: 3 passes at rate 3 match 10 at rate 1).
const EPOCH_BUDGET = 45_000;

export function epochsFor(exampleCount: number): number {
  return Math.min(10, Math.max(3, Math.round(EPOCH_BUDGET / Math.max(exampleCount, 1))));
}

function serialize(kind: ParserKind, commands: string[], model: LinearModel | EmbeddingClassifier) {
  const isEmbedding = 'dimension' in model;
  const encoded = {
    kind,
    commands,
    features: encodeInts(model.features),
    weights: isEmbedding
      ? quantizeRows(model.embeddings, model.dimension)
      : quantizeRows(model.weights, commands.length),
    ...(isEmbedding ? { output: encodeFloats(model.output) } : {}),
    bias: encodeFloats(model.bias),
  };
  return { hash: contentHash(JSON.stringify(encoded)), ...encoded };
}

export function trainClassifier(
  kind: ParserKind,
  unitVectors: SparseVector[],
  labels: Int32Array,
  commands: string[],
  seed: number,
): SerializedClassifier | null {
  if (commands.length < 2) return null;
  const options = { epochs: epochsFor(unitVectors.length), learningRate: LEARNING_RATE[kind], seed };
  const model =
    kind === 'embedding'
      ? trainEmbedding(unitVectors, labels, commands.length, { ...options, dimension: EMBEDDING_DIMENSION })
      : trainLinear(unitVectors, labels, commands.length, options);
  return serialize(kind, commands, model);
}

export function decodeClassifier(serialized: SerializedClassifier): Classify {
  const features = decodeInts(serialized.features);
  const weights = dequantizeRows(serialized.weights);
  const bias = decodeFloats(serialized.bias);
  const classCount = serialized.commands.length;
  if (serialized.output !== undefined) {
    const dimension = serialized.weights.width;
    const output = decodeFloats(serialized.output);
    const model = { classCount, dimension, features, embeddings: weights, output, bias };
    return (query) => predictEmbedding(model, query);
  }
  const model = { classCount, features, weights, bias };
  return (query) => predictLinear(model, query);
}
