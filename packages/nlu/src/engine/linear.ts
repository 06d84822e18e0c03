import { seededRandom, shuffleInPlace } from './random.ts';
import type { SparseVector } from './sparse.ts';

/** Multinomial logistic regression over the features seen in training (others have no weight). */
export interface LinearModel {
  classCount: number;
  /** Sorted feature buckets that have weights; row i of `weights` belongs to features[i]. */
  features: Int32Array;
  weights: Float32Array;
  bias: Float32Array;
}

export interface LinearOptions {
  epochs: number;
  learningRate: number;
  seed: number;
  /** Each example's weight in the loss (1 when absent). */
  weights?: Float32Array;
}

export function compactVectors(vectors: SparseVector[]): { features: Int32Array; rows: Int32Array[] } {
  const seen = new Set<number>();
  for (const vector of vectors) for (const feature of vector.indices) seen.add(feature);
  const features = Int32Array.from(seen).sort();
  const row = new Map<number, number>();
  features.forEach((feature, position) => {
    row.set(feature, position);
  });
  return { features, rows: vectors.map((vector) => Int32Array.from(vector.indices, (f) => row.get(f) ?? 0)) };
}

export function softmaxInPlace(logits: Float32Array): Float32Array {
  let max = Number.NEGATIVE_INFINITY;
  for (const value of logits) if (value > max) max = value;
  let sum = 0;
  for (let index = 0; index < logits.length; index++) {
    const value = Math.exp((logits[index] ?? 0) - max);
    logits[index] = value;
    sum += value;
  }
  for (let index = 0; index < logits.length; index++) logits[index] = (logits[index] ?? 0) / sum;
  return logits;
}

// The loops below run for every feature of every example on every epoch: typed arrays are read into locals
// and indexed with `!` (positions are in range by construction), which keeps V8 on its fast path.
function logitsInto(
  model: LinearModel,
  rows: Int32Array,
  values: Float32Array,
  logits: Float32Array,
): Float32Array {
  const classes = model.classCount;
  const weights = model.weights;
  logits.set(model.bias);
  for (let position = 0; position < rows.length; position++) {
    const base = rows[position]! * classes;
    const value = values[position]!;
    for (let label = 0; label < classes; label++) logits[label]! += value * weights[base + label]!;
  }
  return logits;
}

// Classes whose gradient is negligible are skipped: after the first epoch most of them are, which makes an
// update touch a handful of classes instead of all of them.
const NEGLIGIBLE_GRADIENT = 1e-4;

function applyGradient(
  model: LinearModel,
  rows: Int32Array,
  values: Float32Array,
  gradient: Float32Array,
  rate: number,
  active: Int32Array,
): void {
  const classes = model.classCount;
  const weights = model.weights;
  let activeCount = 0;
  for (let label = 0; label < classes; label++) {
    const value = gradient[label]!;
    if (value > NEGLIGIBLE_GRADIENT || value < -NEGLIGIBLE_GRADIENT) {
      active[activeCount++] = label;
      model.bias[label]! -= rate * value;
    }
  }
  for (let position = 0; position < rows.length; position++) {
    const base = rows[position]! * classes;
    const step = rate * values[position]!;
    for (let index = 0; index < activeCount; index++) {
      const label = active[index]!;
      weights[base + label]! -= step * gradient[label]!;
    }
  }
}

export function trainLinear(
  vectors: SparseVector[],
  labels: Int32Array,
  classCount: number,
  options: LinearOptions,
): LinearModel {
  const { features, rows } = compactVectors(vectors);
  const model: LinearModel = {
    classCount,
    features,
    weights: new Float32Array(features.length * classCount),
    bias: new Float32Array(classCount),
  };
  const random = seededRandom(options.seed);
  const order = vectors.map((_, index) => index);
  const steps = options.epochs * vectors.length;
  const active = new Int32Array(classCount);
  const logits = new Float32Array(classCount);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const example of shuffleInPlace(order, random)) {
      const rate = options.learningRate * (1 - step++ / steps) * (options.weights?.[example] ?? 1);
      const exampleRows = rows[example]!;
      const values = vectors[example]!.values;
      const gradient = softmaxInPlace(logitsInto(model, exampleRows, values, logits));
      gradient[labels[example] ?? 0] = (gradient[labels[example] ?? 0] ?? 0) - 1;
      applyGradient(model, exampleRows, values, gradient, rate, active);
    }
  }
  return model;
}

/** Class probabilities for a query given as rows of the model (see `gatherRows`) and their values. */
export function predictLinear(model: LinearModel, rows: Int32Array, values: Float32Array): Float32Array {
  return softmaxInPlace(logitsInto(model, rows, values, new Float32Array(model.classCount)));
}

/** `rowOf[feature]` is the feature's row in a model trained on `features` (sorted), −1 when it has none. */
export function rowLookup(features: Int32Array): Int32Array {
  const rowOf = new Int32Array((features[features.length - 1] ?? -1) + 1).fill(-1);
  features.forEach((feature, row) => {
    rowOf[feature] = row;
  });
  return rowOf;
}

/** Writes the query's known features as rows and values into the buffers; answers how many there are. */
export function gatherRows(
  rowOf: Int32Array,
  query: SparseVector,
  rows: Int32Array,
  values: Float32Array,
): number {
  let count = 0;
  for (let position = 0; position < query.indices.length; position++) {
    const row = rowOf[query.indices[position]!] ?? -1;
    if (row < 0) continue;
    rows[count] = row;
    values[count++] = query.values[position]!;
  }
  return count;
}
