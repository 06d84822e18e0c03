import { isNegativeClass } from './negatives.ts';
import type { ExampleCandidates } from './similarity.ts';
import type { CommandScore, ExampleScore, Prediction, TrainingExample } from './types.ts';

export const TOP_EXAMPLES = 5;

/** What a parser computes for one message, by position in its command list and example list. */
export interface ParserScores {
  commands: string[];
  commandScores: Float32Array;
  /** The score the out-of-scope threshold applies to. */
  confidence: number;
  /** The examples compared with the message (those of the best commands) and their cosines. */
  similarExamples: ExampleCandidates;
  /** The message has content words and the bot knows none of them (familiarity.ts): out of scope. */
  isUnfamiliar?: boolean;
}

function clampUnit(value: number): number {
  return Math.min(Math.max(value, 0), 1);
}

function rankCommands(scores: ParserScores): CommandScore[] {
  return scores.commands
    .map((command, index) => ({ command, score: clampUnit(scores.commandScores[index] ?? 0) }))
    .sort((a, b) => b.score - a.score || a.command.localeCompare(b.command));
}

/** The best TOP_EXAMPLES candidates by insertion into a short sorted list (candidates number hundreds). */
function topExamples(examples: TrainingExample[], candidates: ExampleCandidates): ExampleScore[] {
  const best: number[] = [];
  const scoreAt = (position: number) => candidates.scores[position] ?? 0;
  candidates.scores.forEach((score, position) => {
    if (best.length === TOP_EXAMPLES && score <= scoreAt(best[TOP_EXAMPLES - 1] ?? 0)) return;
    let slot = best.length;
    while (slot > 0 && scoreAt(best[slot - 1] ?? 0) < score) slot--;
    best.splice(slot, 0, position);
    if (best.length > TOP_EXAMPLES) best.pop();
  });
  return best.map((position) => ({
    ...examples[candidates.examples[position] ?? 0]!,
    score: clampUnit(scoreAt(position)),
  }));
}

export function assemblePrediction(
  scores: ParserScores,
  examples: TrainingExample[],
  threshold: number,
  scoreFloor: number,
  /** the command of the example whose words the message is, if any (exact-examples.ts) */
  exampleCommand?: string,
): Prediction {
  const similar = topExamples(examples, scores.similarExamples);
  const nearest = similar[0];
  const ranking = rankCommands(scores);
  // a message that is one of the examples is that example's command, with the score the parser gave it
  const position = ranking.findIndex((entry) => entry.command === exampleCommand);
  const isAnExample = position >= 0;
  if (position > 0) ranking.unshift(...ranking.splice(position, 1));
  const best = ranking[0];
  return {
    ranking,
    examples: similar,
    cosine: nearest?.score ?? 0,
    confidence: clampUnit(scores.confidence),
    isOutOfScope:
      best === undefined ||
      isNegativeClass(best.command) ||
      (!isAnExample &&
        (scores.isUnfamiliar === true || scores.confidence < threshold || best.score < scoreFloor)),
    threshold,
  };
}
