import { describe, expect, it } from 'vitest';
import { NEGATIVE_CLASS } from '../engine/negatives.ts';
import type { TrainingExample } from '../engine/types.ts';
import { crossValidate, FEW_EXAMPLES, foldsFor } from './cross-validate.ts';

const examplesOf = (command: string, texts: string[]): TrainingExample[] =>
  texts.map((text, index) => ({ id: `${command}-${index}`, text, command }));

const BOT: TrainingExample[] = [
  ...examplesOf('hours', [
    'what time do you open',
    'when are you open on sunday',
    'are you open late tonight',
    'opening hours please',
    'until when are you open today',
    'what are your opening times',
  ]),
  ...examplesOf('location', [
    'where is the shop',
    'how do i get to you',
    'what is your address',
    'is there parking nearby',
    'where are you located',
    'send me your location',
  ]),
  // two commands about delivery the owner split badly: their examples read alike
  ...examplesOf('delivery', [
    'do you deliver',
    'can you deliver my order',
    'home delivery please',
    'how much is delivery',
    'do you deliver to my area',
    'delivery to my home',
  ]),
  ...examplesOf('delivery-time', [
    'how long does delivery take',
    'when will my delivery arrive',
    'is delivery fast',
    'delivery time to my home',
    'how long until you deliver',
    'can you deliver my order today',
  ]),
  ...examplesOf('thanks', ['thank you', 'thanks a lot']),
];

describe('the quality report', () => {
  const report = crossValidate(BOT, { lang: 'en', parser: 'default', seed: 7 });

  it('cross-validates every command example once, in folds chosen by size', () => {
    expect(report.folds).toBe(foldsFor(BOT.length));
    expect(report.examples).toBe(BOT.length);
    expect(report.commands.map((command) => command.command)).toEqual([
      'delivery',
      'delivery-time',
      'hours',
      'location',
      'thanks',
    ]);
    for (const command of report.commands) {
      for (const figure of [command.precision, command.recall, command.f1]) {
        expect(figure).toBeGreaterThanOrEqual(0);
        expect(figure).toBeLessThanOrEqual(1);
      }
    }
    expect(report.accuracy).toBeGreaterThan(0.3);
    expect(report.accuracy).toBeLessThan(1);
    const hours = report.commands.find((command) => command.command === 'hours');
    expect(hours?.recall).toBeGreaterThan(0.6);
  });

  it('names the commands confused most, with the examples that cause it', () => {
    const [top] = report.confusions;
    expect(top && [top.expected, top.predicted].sort()).toEqual(['delivery', 'delivery-time']);
    expect(top?.count).toBeGreaterThan(0);
    expect(top?.examples.length).toBeGreaterThan(0);
    for (const example of top?.examples ?? []) expect(BOT.map((known) => known.text)).toContain(example.text);
  });

  it('lists the commands with too few examples, and estimates the share of other topics it rejects', () => {
    expect(report.fewExamples).toEqual([{ command: 'thanks', examples: 2 }]);
    expect(FEW_EXAMPLES).toBeGreaterThan(2);
    expect(report.outOfScopeCaught).not.toBeNull();
    expect(report.outOfScopeCaught).toBeGreaterThanOrEqual(0);
    expect(report.outOfScopeCaught).toBeLessThanOrEqual(1);
  });

  it('is the same on every run, and trains negative examples without scoring them', () => {
    expect(crossValidate(BOT, { lang: 'en', parser: 'default', seed: 7 })).toEqual(report);
    const withNegative = crossValidate(
      [...BOT, { id: 'n1', text: 'do you sell shoes', command: NEGATIVE_CLASS }],
      { lang: 'en', parser: 'default', seed: 7 },
    );
    expect(withNegative.examples).toBe(BOT.length);
    expect(withNegative.commands.map((command) => command.command)).not.toContain(NEGATIVE_CLASS);
  });

  it('says nothing it cannot know of a bot with one command', () => {
    const small = crossValidate(examplesOf('hours', ['when are you open', 'opening hours']), {
      lang: 'en',
      parser: 'default',
    });
    expect(small).toMatchObject({ folds: 0, accuracy: 0, outOfScopeCaught: null, confusions: [] });
    expect(small.fewExamples).toEqual([{ command: 'hours', examples: 2 }]);
  });
});
