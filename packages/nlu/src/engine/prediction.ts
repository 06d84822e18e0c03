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
}

function clampUnit(value: number): number {
  return Math.min(Math.max(value, 0), 1);
}

function rankCommands(scores: ParserScores): CommandScore[] {
  return scores.commands
    .map((command, index) => ({ command, score: clampUnit(scores.commandScores[index] ?? 0) }))
    .sort((a, b) => b.score - a.score || a.command.localeCompare(b.command));
}

function topExamples(examples: TrainingExample[], candidates: ExampleCandidates): ExampleScore[] {
  return candidates.examples
    .map((example, position) => ({ example, score: candidates.scores[position] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.example - b.example)
    .slice(0, TOP_EXAMPLES)
    .map(({ example, score }) => ({ ...examples[example]!, score: clampUnit(score) }));
}

export function assemblePrediction(
  scores: ParserScores,
  examples: TrainingExample[],
  threshold: number,
): Prediction {
  const ranking = rankCommands(scores);
  const similar = topExamples(examples, scores.similarExamples);
  const best = ranking[0];
  return {
    ranking,
    examples: similar,
    cosine: similar[0]?.score ?? 0,
    confidence: clampUnit(scores.confidence),
    isOutOfScope: best === undefined || scores.confidence < threshold,
    threshold,
  };
}
