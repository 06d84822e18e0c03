import type { CommandScore, ExampleScore, Prediction, TrainingExample } from './types.ts';

export const TOP_EXAMPLES = 5;

/** What a parser computes for one message, by position in its command list and example list. */
export interface ParserScores {
  commands: string[];
  commandScores: Float32Array;
  /** The score the out-of-scope threshold applies to. */
  confidence: number;
  exampleScores: Float32Array;
}

function clampUnit(value: number): number {
  return Math.min(Math.max(value, 0), 1);
}

function rankCommands(scores: ParserScores): CommandScore[] {
  return scores.commands
    .map((command, index) => ({ command, score: clampUnit(scores.commandScores[index] ?? 0) }))
    .sort((a, b) => b.score - a.score || a.command.localeCompare(b.command));
}

function topExamples(examples: TrainingExample[], exampleScores: Float32Array): ExampleScore[] {
  const best: number[] = [];
  exampleScores.forEach((score, index) => {
    if (best.length < TOP_EXAMPLES || score > (exampleScores[best[best.length - 1] ?? 0] ?? 0)) {
      best.push(index);
      best.sort((a, b) => (exampleScores[b] ?? 0) - (exampleScores[a] ?? 0) || a - b);
      if (best.length > TOP_EXAMPLES) best.pop();
    }
  });
  return best.map((index) => ({ ...examples[index]!, score: clampUnit(exampleScores[index] ?? 0) }));
}

export function assemblePrediction(
  scores: ParserScores,
  examples: TrainingExample[],
  threshold: number,
): Prediction {
  const ranking = rankCommands(scores);
  const similar = topExamples(examples, scores.exampleScores);
  const best = ranking[0];
  return {
    ranking,
    examples: similar,
    cosine: similar[0]?.score ?? 0,
    isOutOfScope: best === undefined || scores.confidence < threshold,
    threshold,
  };
}
