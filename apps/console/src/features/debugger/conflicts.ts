import type { Similarity } from '@hiwar/contracts';

type TopCommand = Similarity['top_commands'][number];

/** How close, in score, a runner-up must come to the best command to count as a conflict. */
export const CONFLICT_MARGIN = 0.1;

/**
 * The runner-up commands whose score is within CONFLICT_MARGIN of the best one: the message could as well
 * have started them, so their examples probably overlap.
 */
export function findConflicts(ranking: readonly TopCommand[], margin = CONFLICT_MARGIN): TopCommand[] {
  const [best, ...others] = [...ranking].sort((a, b) => b.score - a.score);
  if (!best) return [];
  return others.filter((command) => best.score - command.score <= margin);
}
