import { compactVectors, softmaxInPlace } from './linear.ts';
import { seededRandom, shuffleInPlace } from './random.ts';
import type { SparseVector } from './sparse.ts';

/**
 * A supervised embedding classifier in the style of fastText/StarSpace: each feature has a small dense
 * vector, a message is the weighted sum of its features' vectors, and a softmax layer reads the command off
 * it. It is a low-rank linear model: features that predict the same commands learn similar vectors.
 */
export interface EmbeddingClassifier {
  classCount: number;
  dimension: number;
  features: Int32Array;
  /** features.length × dimension */
  embeddings: Float32Array;
  /** classCount × dimension */
  output: Float32Array;
  bias: Float32Array;
}

export interface EmbeddingOptions {
  dimension: number;
  epochs: number;
  learningRate: number;
  seed: number;
  /** Each example's weight in the loss (1 when absent). */
  weights?: Float32Array;
}

// Hot loops (every feature of every example on every epoch): typed arrays in locals, indexed with `!`
// (positions are in range by construction), so V8 stays on its fast path.
function embed(
  model: EmbeddingClassifier,
  rows: Int32Array,
  values: Float32Array,
  target: Float32Array,
): void {
  const { dimension, embeddings } = model;
  target.fill(0);
  for (let position = 0; position < rows.length; position++) {
    const base = rows[position]! * dimension;
    const value = values[position]!;
    for (let unit = 0; unit < dimension; unit++) target[unit]! += value * embeddings[base + unit]!;
  }
}

function outputLogits(model: EmbeddingClassifier, hidden: Float32Array, logits: Float32Array): Float32Array {
  const { dimension, output } = model;
  logits.set(model.bias);
  for (let label = 0; label < model.classCount; label++) {
    const base = label * dimension;
    let sum = 0;
    for (let unit = 0; unit < dimension; unit++) sum += output[base + unit]! * hidden[unit]!;
    logits[label]! += sum;
  }
  return logits;
}

interface Buffers {
  hidden: Float32Array;
  hiddenGradient: Float32Array;
  logits: Float32Array;
}

/** One SGD step on one example: output layer first, then the feature vectors along the hidden gradient. */
function step(
  model: EmbeddingClassifier,
  rows: Int32Array,
  values: Float32Array,
  label: number,
  rate: number,
  buffers: Buffers,
): void {
  const { dimension, output, embeddings, bias } = model;
  const { hidden, hiddenGradient } = buffers;
  embed(model, rows, values, hidden);
  const gradient = softmaxInPlace(outputLogits(model, hidden, buffers.logits));
  gradient[label]! -= 1;
  hiddenGradient.fill(0);
  for (let other = 0; other < model.classCount; other++) {
    const error = gradient[other]!;
    if (error < 1e-4 && error > -1e-4) continue;
    bias[other]! -= rate * error;
    const base = other * dimension;
    for (let unit = 0; unit < dimension; unit++) {
      hiddenGradient[unit]! += error * output[base + unit]!;
      output[base + unit]! -= rate * error * hidden[unit]!;
    }
  }
  for (let position = 0; position < rows.length; position++) {
    const base = rows[position]! * dimension;
    const scaled = rate * values[position]!;
    for (let unit = 0; unit < dimension; unit++) embeddings[base + unit]! -= scaled * hiddenGradient[unit]!;
  }
}

export function trainEmbedding(
  vectors: SparseVector[],
  labels: Int32Array,
  classCount: number,
  options: EmbeddingOptions,
): EmbeddingClassifier {
  const { features, rows } = compactVectors(vectors);
  const random = seededRandom(options.seed);
  const scale = 1 / Math.sqrt(options.dimension);
  const model: EmbeddingClassifier = {
    classCount,
    dimension: options.dimension,
    features,
    embeddings: Float32Array.from(
      { length: features.length * options.dimension },
      () => (random() * 2 - 1) * scale,
    ),
    output: new Float32Array(classCount * options.dimension),
    bias: new Float32Array(classCount),
  };
  const buffers: Buffers = {
    hidden: new Float32Array(options.dimension),
    hiddenGradient: new Float32Array(options.dimension),
    logits: new Float32Array(classCount),
  };
  const order = vectors.map((_, index) => index);
  const steps = options.epochs * vectors.length;
  let done = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const example of shuffleInPlace(order, random)) {
      const rate = options.learningRate * (1 - done++ / steps) * (options.weights?.[example] ?? 1);
      step(model, rows[example]!, vectors[example]!.values, labels[example] ?? 0, rate, buffers);
    }
  }
  return model;
}

/** Class probabilities for a query given as rows of the model (see `gatherRows`) and their values. */
export function predictEmbedding(
  model: EmbeddingClassifier,
  rows: Int32Array,
  values: Float32Array,
): Float32Array {
  const hidden = new Float32Array(model.dimension);
  embed(model, rows, values, hidden);
  return softmaxInPlace(outputLogits(model, hidden, new Float32Array(model.classCount)));
}
