import { scoreRows } from './inverted-index.ts';
import { dotDense, type SparseVector, weightAndNormalize } from './sparse.ts';
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

/** Examples compared with a message and their cosines, in the same order. */
export interface ExampleCandidates {
  examples: number[];
  scores: number[];
}

/**
 * Cosine of a unit query with the examples of the given commands (the best-ranked ones): the debugger's
 * similar examples. Checking only these keeps prediction time flat in bot size. The query is spread into a
 * dense scratch array so each example's dot product is one pass over its own features.
 */
export function exampleSimilarities(
  space: VectorSpace,
  query: SparseVector,
  commands: number[],
): ExampleCandidates {
  const dense = space.scratch;
  query.indices.forEach((feature, position) => {
    dense[feature] = query.values[position] ?? 0;
  });
  const candidates: ExampleCandidates = { examples: [], scores: [] };
  for (const command of commands) {
    for (const example of space.examplesOf[command] ?? []) {
      candidates.examples.push(example);
      candidates.scores.push(dotDense(space.unitVectors[example]!, dense));
    }
  }
  for (const feature of query.indices) dense[feature] = 0;
  return candidates;
}
