import { describe, expect, it } from 'vitest';
import { trainLinear } from './linear.ts';
import { predict, train } from './model.ts';
import { nearDuplicateWeights } from './near-duplicates.ts';
import type { SparseVector } from './sparse.ts';
import type { TrainingExample } from './types.ts';

const BUCKETS = 16;

function unit(entries: Record<number, number>): SparseVector {
  const indices = Int32Array.from(Object.keys(entries).map(Number)).sort();
  const length = Math.hypot(...Object.values(entries));
  return { indices, values: Float32Array.from(indices, (index) => (entries[index] ?? 0) / length) };
}

const weightsOf = (vectors: SparseVector[], groups: number[][]) =>
  Array.from(
    nearDuplicateWeights(
      vectors,
      groups.map((group) => Int32Array.from(group)),
      BUCKETS,
    ),
  );

describe('near-duplicate weights', () => {
  it('shares one weight among an example and its verbatim copies', () => {
    const copy = unit({ 1: 1, 2: 1 });
    const weights = weightsOf([copy, copy, copy, unit({ 5: 1 })], [[0, 1, 2, 3]]);
    expect(weights.slice(0, 3).map((weight) => weight.toFixed(3))).toEqual(['0.333', '0.333', '0.333']);
    expect(weights[3]).toBe(1);
  });

  it('keeps distinct examples, and copies in other commands, at full weight', () => {
    const shared = unit({ 1: 1, 2: 1 });
    const weights = weightsOf(
      [shared, unit({ 1: 1, 3: 1 }), shared, unit({ 6: 1, 7: 1 })],
      [
        [0, 1],
        [2, 3],
      ],
    );
    // cos(0, 1) = 0.5 is below a near copy; 0 and 2 are the same text but in different commands.
    expect(weights).toEqual([1, 1, 1, 1]);
  });

  it('counts a close rephrasing as part of a copy', () => {
    // cos = 0.9: halfway between a distinct example (0.8) and a copy (1).
    const weights = weightsOf([unit({ 1: 1 }), unit({ 1: 0.9, 2: Math.sqrt(1 - 0.9 ** 2) })], [[0, 1]]);
    expect(weights.map((weight) => weight.toFixed(3))).toEqual(['0.667', '0.667']);
  });

  it('leaves a command of more than 500 examples at full weight, as comparing them all would be slow', () => {
    const copy = unit({ 1: 1 });
    const many = Array.from({ length: 501 }, () => copy);
    const weights = weightsOf(many, [many.map((_, index) => index)]);
    expect(new Set(weights)).toEqual(new Set([1]));
    expect(weightsOf(many.slice(0, 500), [many.slice(0, 500).map((_, index) => index)])[0]).toBeCloseTo(
      1 / 500,
    );
  });

  it('lets an example of weight 0 teach the classifier nothing', () => {
    const vectors = [unit({ 1: 1 }), unit({ 2: 1 }), unit({ 3: 1 })];
    const options = { epochs: 3, learningRate: 1, seed: 1 };
    const model = trainLinear(vectors, Int32Array.from([0, 1, 0]), 2, {
      ...options,
      weights: Float32Array.from([1, 1, 0]),
    });
    const row = Array.from(model.features).indexOf(3);
    expect(Array.from(model.weights.subarray(row * 2, row * 2 + 2))).toEqual([0, 0]);
  });
});

describe('a model trained with repeated examples', () => {
  const examples: TrainingExample[] = [
    ['book a table for two tonight', 'reserve'],
    ['i want to reserve a table', 'reserve'],
    ['can i get a reservation for friday', 'reserve'],
    ['what time do you open', 'hours'],
    ['when are you open on sunday', 'hours'],
    ['opening hours please', 'hours'],
    ['where is the restaurant', 'location'],
    ['what is your address', 'location'],
    ['is there parking nearby', 'location'],
  ].map(([text, command], index) => ({ id: `e${index}`, text: text!, command: command! }));
  const repeated = Array.from({ length: 12 }, (_, index) => ({
    id: `copy${index}`,
    text: 'i want to reserve a table',
    command: 'reserve',
  }));

  it('does not lean towards the command whose example an owner typed again and again', () => {
    const once = train(examples, { lang: 'en', parser: 'default', seed: 3 });
    const again = train([...examples, ...repeated], { lang: 'en', parser: 'default', seed: 3 });
    const reserveScore = (model: typeof once, text: string) =>
      predict(model, text).ranking.find((entry) => entry.command === 'reserve')?.score ?? 0;
    // Messages sharing words with the repeated example: unweighted, reserve gains 0.2 on each.
    for (const probe of [
      'i want to know your address',
      'i want to come on sunday',
      'a table near the parking',
    ]) {
      expect(Math.abs(reserveScore(again, probe) - reserveScore(once, probe))).toBeLessThan(0.1);
    }
    expect(predict(again, 'i want to know your address').ranking[0]?.command).toBe('location');
  });
});
