import type { SparseVector } from './sparse.ts';

/**
 * Two examples of a command whose unit TF-IDF vectors have a cosine above NEAR_COPY_FROM count as partly the
 * same example, rising linearly to one whole copy at 1. On a MASSIVE en 8-shot training set 1% of the pairs of
 * a command's own examples pass 0.8, and 30% of the pairs of an example and an Augment rephrasing of it, so a
 * bot's distinct examples keep their weight. MASSIVE dev, 8 shots + up to 3 suggestions per example, 3 seeds,
 * against 8 shots alone: en −0.8 → −0.2 points, ar +0.2 → +0.7, de −0.1 → +0.1, 8 shots alone unchanged.
 * From 0.7 instead: the same with suggestions, but 8 shots alone lose 0.1–0.2 points.
 */
const NEAR_COPY_FROM = 0.8;

/**
 * Commands with more examples keep them at full weight: the comparison grows with the square of a command's
 * examples (two commands of 2,500 took 5.6 s on a loaded 2-core machine, fifty of 100 0.15 s), and a command
 * with hundreds of examples does not overfit a few of them.
 */
const MAX_COMPARED_EXAMPLES = 500;

function copyShare(cosine: number): number {
  return cosine <= NEAR_COPY_FROM ? 0 : Math.min(1, (cosine - NEAR_COPY_FROM) / (1 - NEAR_COPY_FROM));
}

/**
 * Each example's weight in the classifier's loss: one over how many near-copies of it its command holds, itself
 * included. The classifier takes the same number of passes over every example, so ten rephrasings (or
 * verbatim repeats) of one example would otherwise count ten times and overfit its words; weighted, an example
 * and its rephrasings together weigh about what it did alone, while the words they add still reach the
 * features. Pairs are compared within a command only (up to MAX_COMPARED_EXAMPLES): a dense scratch row per
 * example, its later siblings read against it.
 */
export function nearDuplicateWeights(
  unitVectors: SparseVector[],
  examplesOf: Int32Array[],
  buckets: number,
): Float32Array {
  const copies = new Float32Array(unitVectors.length).fill(1);
  const scratch = new Float32Array(buckets);
  for (const examples of examplesOf) {
    if (examples.length > MAX_COMPARED_EXAMPLES) continue;
    for (let first = 0; first < examples.length; first++) {
      const left = unitVectors[examples[first]!]!;
      for (let position = 0; position < left.indices.length; position++) {
        scratch[left.indices[position]!] = left.values[position]!;
      }
      for (let second = first + 1; second < examples.length; second++) {
        const right = unitVectors[examples[second]!]!;
        let cosine = 0;
        for (let position = 0; position < right.indices.length; position++) {
          cosine += scratch[right.indices[position]!]! * right.values[position]!;
        }
        const share = copyShare(cosine);
        if (share === 0) continue;
        copies[examples[first]!]! += share;
        copies[examples[second]!]! += share;
      }
      for (let position = 0; position < left.indices.length; position++) scratch[left.indices[position]!] = 0;
    }
  }
  return copies.map((count) => 1 / count);
}
