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
      const rate = options.learningRate * (1 - step++ / steps);
      const exampleRows = rows[example]!;
      const values = vectors[example]!.values;
      const gradient = softmaxInPlace(logitsInto(model, exampleRows, values, logits));
      gradient[labels[example] ?? 0] = (gradient[labels[example] ?? 0] ?? 0) - 1;
      applyGradient(model, exampleRows, values, gradient, rate, active);
    }
  }
  return model;
}

export function findRow(features: Int32Array, feature: number): number {
  let low = 0;
  let high = features.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = features[middle] ?? 0;
    if (value === feature) return middle;
    if (value < feature) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Class probabilities for a query vector. */
export function predictLinear(model: LinearModel, query: SparseVector): Float32Array {
  const rows: number[] = [];
  const values: number[] = [];
  query.indices.forEach((feature, position) => {
    const row = findRow(model.features, feature);
    if (row >= 0) {
      rows.push(row);
      values.push(query.values[position] ?? 0);
    }
  });
  return softmaxInPlace(
    logitsInto(model, Int32Array.from(rows), Float32Array.from(values), new Float32Array(model.classCount)),
  );
}
