/** A sparse vector: sorted unique feature indices with their values. */
export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

export function sparseFromMap(weights: Map<number, number>): SparseVector {
  const indices = Int32Array.from(weights.keys()).sort();
  const values = new Float32Array(indices.length);
  indices.forEach((feature, position) => {
    values[position] = weights.get(feature) ?? 0;
  });
  return { indices, values };
}

export function norm(vector: SparseVector): number {
  let sum = 0;
  for (const value of vector.values) sum += value * value;
  return Math.sqrt(sum);
}

/** `vector` scaled element-wise by `weights[index]`, then to unit length. */
export function weightAndNormalize(vector: SparseVector, weights: Float32Array): SparseVector {
  const values = new Float32Array(vector.values.length);
  let sum = 0;
  for (let position = 0; position < values.length; position++) {
    const value = (vector.values[position] ?? 0) * (weights[vector.indices[position] ?? 0] ?? 0);
    values[position] = value;
    sum += value * value;
  }
  const length = Math.sqrt(sum) || 1;
  for (let position = 0; position < values.length; position++)
    values[position] = (values[position] ?? 0) / length;
  return { indices: vector.indices, values };
}
