import { scoreRows } from './inverted-index.ts';
import { dotSparse, type SparseVector, weightAndNormalize } from './sparse.ts';
import type { VectorSpace } from './vector-space.ts';

/**
 * Cosine with the command's centroid when one example is left out of it. With s the sum of the command's
 * unit vectors and e the example's: cos(e, s − e) = (e·s − 1) / |s − e|.
 */
function leaveOneOutCentroid(centroidCosine: number, sumNorm: number): number {
  const dot = centroidCosine * sumNorm;
  const remaining = Math.sqrt(Math.max(sumNorm * sumNorm - 2 * dot + 1, 0));
  return remaining > 1e-6 ? Math.max((dot - 1) / remaining, 0) : 0;
}

export function unitQuery(space: VectorSpace, rawQuery: SparseVector): SparseVector {
  return weightAndNormalize(rawQuery, space.idf);
}

/**
 * Cosine of a unit query with each command's centroid (measured on dev: the centroid alone beats blends with
 * the nearest example at 8 shots). `leftOut` scores an example as if it had not been trained on.
 */
export function centroidSimilarities(space: VectorSpace, query: SparseVector, leftOut = -1): Float32Array {
  const scores = scoreRows(space.centroidIndex, query);
  if (leftOut >= 0) {
    const command = space.exampleCommands[leftOut] ?? 0;
    scores[command] = leaveOneOutCentroid(scores[command] ?? 0, space.centroidSumNorms[command] ?? 0);
  }
  return scores;
}

/**
 * Cosine of a unit query with the examples of the given commands (the best-ranked ones): the debugger's
 * similar examples. Other examples score 0; checking only these keeps prediction time flat in bot size.
 */
export function exampleSimilarities(
  space: VectorSpace,
  query: SparseVector,
  commands: number[],
): Float32Array {
  const scores = new Float32Array(space.exampleCommands.length);
  for (const command of commands) {
    for (const example of space.examplesOf[command] ?? []) {
      scores[example] = dotSparse(query, space.unitVectors[example]!);
    }
  }
  return scores;
}
