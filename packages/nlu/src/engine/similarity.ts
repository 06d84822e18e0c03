import { scoreRows } from './inverted-index.ts';
import { type SparseVector, weightAndNormalize } from './sparse.ts';
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

/** The first slot in rows[from..to) (ascending) whose row is at least `row`. */
function firstSlotFrom(rows: Int32Array, from: number, to: number, row: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]! < row) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Cosine of a unit query with the examples of the given commands (the best-ranked ones): the debugger's
 * similar examples and the runtime's nearest-example cosine. Checking only these keeps prediction time flat in
 * bot size. Each of the query's features reads only its postings among the command's examples (found by binary
 * search, as postings are grouped by command), so an example costs only the features it shares with the query.
 */
export function exampleSimilarities(
  space: VectorSpace,
  query: SparseVector,
  commands: number[],
): ExampleCandidates {
  const { offsets, rows, values } = space.exampleIndex;
  const candidates: ExampleCandidates = { examples: [], scores: [] };
  for (const command of commands) {
    const first = space.commandStart[command] ?? 0;
    const end = space.commandStart[command + 1] ?? first;
    const scores = new Float32Array(end - first);
    for (let position = 0; position < query.indices.length; position++) {
      const feature = query.indices[position]!;
      const weight = query.values[position]!;
      const stop = offsets[feature + 1]!;
      for (let slot = firstSlotFrom(rows, offsets[feature]!, stop, first); slot < stop; slot++) {
        const row = rows[slot]!;
        if (row >= end) break;
        scores[row - first]! += weight * values[slot]!;
      }
    }
    for (let row = first; row < end; row++) {
      candidates.examples.push(space.exampleOrder[row]!);
      candidates.scores.push(scores[row - first]!);
    }
  }
  return candidates;
}
