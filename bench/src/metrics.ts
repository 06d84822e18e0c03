import { OUT_OF_SCOPE, type Utterance } from './data.ts';

export interface Scores {
  accuracy: number;
  macro_f1: number;
  /** Over in-scope messages, an out-of-scope answer counting as no answer (Braun et al.'s measure). */
  micro_f1: number;
  in_scope_accuracy: number;
  oos_recall: number | null;
  /** Counts behind micro_f1, to pool corpora: in-scope messages, those answered, those answered right. */
  counts: { inScope: number; answered: number; correct: number };
}

export function microF1(counts: Scores['counts']): number {
  const precision = ratio(counts.correct, counts.answered);
  const recall = ratio(counts.correct, counts.inScope);
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** Macro F1 over the gold labels (out-of-scope counts as one label when the test set has it). */
function macroF1(gold: string[], predicted: string[]): number {
  const labels = [...new Set(gold)];
  const f1s = labels.map((label) => {
    let truePositive = 0;
    let predictedCount = 0;
    let goldCount = 0;
    gold.forEach((expected, index) => {
      const guess = predicted[index];
      if (guess === label) predictedCount++;
      if (expected === label) goldCount++;
      if (guess === label && expected === label) truePositive++;
    });
    const precision = ratio(truePositive, predictedCount);
    const recall = ratio(truePositive, goldCount);
    return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  });
  return ratio(
    f1s.reduce((sum, value) => sum + value, 0),
    f1s.length,
  );
}

export function score(test: Utterance[], predicted: string[]): Scores {
  const gold = test.map((row) => row.intent);
  let correct = 0;
  let inScope = 0;
  let inScopeCorrect = 0;
  let outOfScope = 0;
  let outOfScopeCaught = 0;
  let answered = 0;
  gold.forEach((expected, index) => {
    const hit = predicted[index] === expected;
    if (expected !== OUT_OF_SCOPE && predicted[index] !== OUT_OF_SCOPE) answered++;
    if (hit) correct++;
    if (expected === OUT_OF_SCOPE) {
      outOfScope++;
      if (hit) outOfScopeCaught++;
    } else {
      inScope++;
      if (hit) inScopeCorrect++;
    }
  });
  const counts = { inScope, answered, correct: inScopeCorrect };
  return {
    accuracy: ratio(correct, gold.length),
    macro_f1: macroF1(gold, predicted),
    micro_f1: microF1(counts),
    counts,
    in_scope_accuracy: ratio(inScopeCorrect, inScope),
    oos_recall: outOfScope === 0 ? null : ratio(outOfScopeCaught, outOfScope),
  };
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
