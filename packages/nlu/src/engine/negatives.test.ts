import { describe, expect, it } from 'vitest';
import { addExample, predict, removeExample, train } from './model.ts';
import { NEGATIVE_CLASS } from './negatives.ts';
import type { TrainingExample } from './types.ts';

const EXAMPLES: TrainingExample[] = [
  ['what time do you open', 'hours'],
  ['when are you open on sunday', 'hours'],
  ['are you open late tonight', 'hours'],
  ['opening hours please', 'hours'],
  ['where is the shop', 'location'],
  ['how do i get to you', 'location'],
  ['what is your address', 'location'],
  ['is there parking nearby', 'location'],
].map(([text, command], index) => ({ id: `e${index}`, text: text!, command: command! }));

const SHOES = 'hello there, do you sell shoes?';
const negative = (id: string, text: string): TrainingExample => ({ id, text, command: NEGATIVE_CLASS });

describe.each(['default', 'embedding'] as const)('negative examples, %s parser', (parser) => {
  const plain = train(EXAMPLES, { lang: 'en', parser, seed: 7 });

  it('make the message they hold out of scope, added incrementally or trained', () => {
    const added = addExample(plain, negative('n1', SHOES));
    const trained = train([...EXAMPLES, negative('n1', SHOES)], { lang: 'en', parser, seed: 7 });
    for (const model of [added, trained]) {
      const prediction = predict(model, 'Hello there, do you sell shoes');
      expect(prediction.isOutOfScope).toBe(true);
      expect(prediction.ranking[0]?.command).toBe(NEGATIVE_CLASS);
    }
  });

  it('leave the commands answering their own messages', () => {
    const trained = train([...EXAMPLES, negative('n1', SHOES), negative('n2', 'do you sell boots')], {
      lang: 'en',
      parser,
      seed: 7,
    });
    for (const [text, command] of [
      ['are you open on monday', 'hours'],
      ['send me your address', 'location'],
    ] as const) {
      const prediction = predict(trained, text);
      expect(prediction.isOutOfScope).toBe(false);
      expect(prediction.ranking[0]?.command).toBe(command);
    }
  });

  it('do not move the calibration of the commands', () => {
    const trained = train([...EXAMPLES, negative('n1', SHOES)], { lang: 'en', parser, seed: 7 });
    expect(trained.scoreFloor).toBe(plain.scoreFloor);
    const withMany = train(
      [
        ...EXAMPLES,
        ...['a', 'b', 'c', 'd', 'e'].map((letter) => negative(`n${letter}`, `do you sell ${letter}`)),
      ],
      { lang: 'en', parser, seed: 7 },
    );
    expect(withMany.scoreFloor).toBe(plain.scoreFloor);
  });

  it('stop rejecting once removed', () => {
    const added = addExample(plain, negative('n1', 'where is the shop near the station'));
    expect(predict(added, 'where is the shop near the station').isOutOfScope).toBe(true);
    const removed = removeExample(added, 'n1');
    const prediction = predict(removed, 'where is the shop near the station');
    expect(prediction.isOutOfScope).toBe(false);
    expect(prediction.ranking[0]?.command).toBe('location');
  });
});
