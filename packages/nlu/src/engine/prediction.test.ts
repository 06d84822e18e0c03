import { describe, expect, it } from 'vitest';
import { SCORE_FLOOR, scoreFloorFor } from './calibration.ts';
import { assemblePrediction, type ParserScores } from './prediction.ts';

function scoresOf(commandScores: number[], confidence: number): ParserScores {
  return {
    commands: commandScores.map((_, index) => `c${index}`),
    commandScores: Float32Array.from(commandScores),
    confidence,
    similarExamples: { examples: [], scores: [] },
  };
}

describe('the out-of-scope decision', () => {
  it('rejects a message below the similarity threshold', () => {
    expect(assemblePrediction(scoresOf([0.9, 0.1], 0.1), [], 0.2, SCORE_FLOOR).isOutOfScope).toBe(true);
  });

  it('rejects a similar message whose best command scores below the floor', () => {
    const doubtful = scoresOf([SCORE_FLOOR - 0.01, SCORE_FLOOR - 0.02, 0.1], 0.5);
    expect(assemblePrediction(doubtful, [], 0.2, SCORE_FLOOR).isOutOfScope).toBe(true);
  });

  it('accepts a similar message whose best command clears the floor', () => {
    const prediction = assemblePrediction(scoresOf([SCORE_FLOOR + 0.01, 0.1], 0.5), [], 0.2, SCORE_FLOOR);
    expect(prediction.isOutOfScope).toBe(false);
    expect(prediction.ranking[0]?.command).toBe('c0');
  });
});

describe('the score floor', () => {
  it('rises with the examples per command, within bounds', () => {
    expect(scoreFloorFor(10)).toBeCloseTo(0.12, 3);
    expect(scoreFloorFor(100)).toBeCloseTo(0.28, 3);
    expect(scoreFloorFor(100, 'embedding')).toBeCloseTo(0.22, 3);
    // up to 10 examples per command both parsers as before
    expect(scoreFloorFor(8)).toBe(scoreFloorFor(8, 'embedding'));
    expect(scoreFloorFor(8)).toBeLessThan(scoreFloorFor(10));
    expect(scoreFloorFor(1)).toBe(0.1);
    expect(scoreFloorFor(100_000)).toBe(0.3);
  });
});
