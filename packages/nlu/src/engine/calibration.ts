import { seededRandom, shuffleInPlace } from './random.ts';
import type { SparseVector } from './sparse.ts';

/**
 * Share of the bot's own examples, each scored as if unseen (left out of its command's centroid), that the
 * threshold may reject. Because the threshold is a quantile of the bot's own similarity scores, it means the
 * same for a bot of 5 commands and one of 500: "about this share of messages like my examples fall through".
 * Chosen on CLINC150 validation, where 1% kept in-scope accuracy within a point of its ceiling and caught half
 * of the out-of-scope messages (5%: ~70%, at ~5 points of in-scope accuracy). On the test split the same
 * rule catches fewer (see bench/RESULTS.md for the whole trade-off).
 */
export const IN_SCOPE_REJECTION = 0.01;
const CALIBRATION_SAMPLE = 800;

/** A quantile of leave-one-out scores: `scoreLeftOut(i)` scores example i as if it were not trained on. */
export function calibrateThreshold(
  rawVectors: SparseVector[],
  scoreLeftOut: (example: number) => number,
  seed: number,
  rejection = IN_SCOPE_REJECTION,
): number {
  if (rawVectors.length < 2) return 0;
  const sample = shuffleInPlace(
    rawVectors.map((_, index) => index),
    seededRandom(seed),
  ).slice(0, CALIBRATION_SAMPLE);
  const scores = sample.map(scoreLeftOut).sort((a, b) => a - b);
  return scores[Math.floor(rejection * (scores.length - 1))] ?? 0;
}
