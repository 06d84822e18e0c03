import type { ParserKind } from './parser-kind.ts';
import { seededRandom, shuffleInPlace } from './random.ts';

/**
 * Share of the bot's own examples, each scored as if unseen (left out of its command's centroid), that the
 * threshold may reject. Because the threshold is a quantile of the bot's own similarity scores, it means the
 * same for a bot of 5 commands and one of 500: "about this share of messages like my examples fall through".
 * It works together with the score floor (below): on CLINC150 validation, 0.5% with the floor kept in-scope accuracy
 * higher and caught more out-of-scope messages than 1% alone (full: 92.2 / 52 against 92.0 / 42; 10 shots:
 * 81.6 / 69 against 82.3 / 47). See bench/RESULTS.md for the whole trade-off on the test split.
 */
export const IN_SCOPE_REJECTION = 0.005;
/**
 * A message whose best command scores below a floor (0.85 × classifier probability + 0.15 × centroid cosine)
 * is out of scope whatever its similarity: the classifier's doubt separates out-of-scope messages better than
 * the cosine does (CLINC150 validation, full: 74% caught at a point of in-scope accuracy, against 41%). A
 * floor rather than a quantile, because the classifier has seen every example, so the bot's own scores cannot
 * calibrate it; with 2 commands the best always scores above it and the cosine decides alone.
 *
 * The classifier grows surer of in-scope messages as commands get more examples, so the floor rises with
 * them: on CLINC150 validation the highest floor that kept in-scope accuracy within a point of its maximum
 * was 0.12 at 10 examples per command (81.7 / 63) and 0.22 at 100 (92.2 / 65). SCORE_FLOOR is for models
 * trained before the floor was stored.
 *
 * Above 10 examples per command the default parser's floor rises faster (0.16 a decade: 0.28 at 100): on
 * CLINC150 full's validation split 0.28 kept in-scope accuracy within 0.3 points of its maximum and caught
 * 74 % of the out-of-scope messages instead of 69 % (0.22); on the test split, measured after the choice,
 * 92.1 / 70.1 instead of 92.4 / 60.2. The embedding parser keeps 0.1 a decade: its in-scope accuracy fell
 * with any higher floor on validation. Up to 10 examples per command both are as before.
 */
export const SCORE_FLOOR = 0.15;
const FLOOR_AT_TEN = 0.12;
const FLOOR_PER_DECADE = 0.1;
const FLOOR_PER_DECADE_ABOVE_TEN: Record<ParserKind, number> = { default: 0.16, embedding: 0.1 };
const FLOOR_RANGE = [0.1, 0.3] as const;

/** The score floor for a bot whose commands have `examplesPerCommand` examples (the median). */
export function scoreFloorFor(
  examplesPerCommand: number,
  parser: 'default' | 'embedding' = 'default',
): number {
  const decades = Math.log10(Math.max(examplesPerCommand, 1) / 10);
  const slope = decades > 0 ? FLOOR_PER_DECADE_ABOVE_TEN[parser] : FLOOR_PER_DECADE;
  const floor = FLOOR_AT_TEN + slope * decades;
  return Math.round(Math.min(Math.max(floor, FLOOR_RANGE[0]), FLOOR_RANGE[1]) * 1000) / 1000;
}

const CALIBRATION_SAMPLE = 800;

/**
 * A quantile of leave-one-out scores of `exampleCount` examples: `scoreLeftOut(i)` scores the i-th as if it were
 * not trained on.
 */
export function calibrateThreshold(
  exampleCount: number,
  scoreLeftOut: (example: number) => number,
  seed: number,
  rejection = IN_SCOPE_REJECTION,
): number {
  if (exampleCount < 2) return 0;
  const sample = shuffleInPlace(
    Array.from({ length: exampleCount }, (_, index) => index),
    seededRandom(seed),
  ).slice(0, CALIBRATION_SAMPLE);
  const scores = sample.map(scoreLeftOut).sort((a, b) => a - b);
  return scores[Math.floor(rejection * (scores.length - 1))] ?? 0;
}
