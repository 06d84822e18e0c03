import { describe, expect, it } from 'vitest';
import {
  addExample,
  deriveRuntimeFrom,
  isRuntimeReady,
  predict,
  prepareRuntime,
  removeExample,
  train,
} from './model.ts';
import type { TrainingExample } from './types.ts';

const EXAMPLES: TrainingExample[] = [
  ['book a table for two tonight', 'reserve'],
  ['i want to reserve a table', 'reserve'],
  ['can i get a reservation for friday', 'reserve'],
  ['table for four at eight please', 'reserve'],
  ['what time do you open', 'hours'],
  ['when are you open on sunday', 'hours'],
  ['are you open late tonight', 'hours'],
  ['opening hours please', 'hours'],
  ['where is the restaurant', 'location'],
  ['how do i get to you', 'location'],
  ['what is your address', 'location'],
  ['is there parking nearby', 'location'],
].map(([text, command], index) => ({ id: `e${index}`, text: text!, command: command! }));

const PROBES = ['reserve a table for tomorrow', 'are you open on monday', 'send me your address'];

describe.each(['default', 'embedding'] as const)('the %s parser', (parser) => {
  const model = train(EXAMPLES, { lang: 'en', parser, seed: 7 });

  it('ranks every command, best first, with scores in [0, 1]', () => {
    const prediction = predict(model, 'book a table for tonight');
    expect(prediction.ranking.map((entry) => entry.command).sort()).toEqual(['hours', 'location', 'reserve']);
    expect(prediction.ranking[0]?.command).toBe('reserve');
    for (const entry of prediction.ranking) expect(entry.score).toBeGreaterThanOrEqual(0);
    for (const entry of prediction.ranking) expect(entry.score).toBeLessThanOrEqual(1);
    const scores = prediction.ranking.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('returns the most similar examples and their cosine', () => {
    const prediction = predict(model, 'what is your address');
    expect(prediction.examples[0]).toMatchObject({ id: 'e10', command: 'location' });
    expect(prediction.cosine).toBeCloseTo(1, 5);
    expect(prediction.examples.length).toBeLessThanOrEqual(5);
  });

  it('predicts the same after a JSON round trip', () => {
    const restored = JSON.parse(JSON.stringify(model));
    for (const probe of PROBES) expect(predict(restored, probe)).toEqual(predict(model, probe));
  });

  it('is deterministic for a seed', () => {
    const again = train(EXAMPLES, { lang: 'en', parser, seed: 7 });
    expect(again.hash).toBe(model.hash);
    expect(JSON.stringify(again)).toBe(JSON.stringify(model));
  });

  it('marks nonsense as out of scope and a paraphrase as in scope', () => {
    expect(predict(model, 'zxqv blorf quantum giraffe').isOutOfScope).toBe(true);
    expect(predict(model, 'i would like to book a table').isOutOfScope).toBe(false);
  });
});

describe('incremental updates', () => {
  const model = train(EXAMPLES, { lang: 'en', parser: 'default', seed: 7 });

  it('an added example ranks like a full retrain', () => {
    const example = { id: 'new', text: 'do you have a car park', command: 'location' };
    const updated = addExample(model, example);
    const retrained = train([...EXAMPLES, example], { lang: 'en', parser: 'default', seed: 7 });
    for (const probe of [...PROBES, 'car park']) {
      expect(predict(updated, probe).ranking[0]?.command).toBe(predict(retrained, probe).ranking[0]?.command);
    }
    expect(predict(updated, 'car park').examples[0]?.id).toBe('new');
    expect(updated.hash).not.toBe(model.hash);
  });

  it('an added example matches its own words before the next full training, in both parsers', () => {
    for (const parser of ['default', 'embedding'] as const) {
      const trained = train(EXAMPLES, { lang: 'en', parser, seed: 7 });
      const text = 'the harbour ferry leaves at dawn';
      const updated = addExample(trained, { id: 'ferry', text, command: 'hours' });
      const prediction = predict(updated, 'The harbour ferry leaves at dawn!');
      expect(prediction.isOutOfScope).toBe(false);
      expect(prediction.ranking[0]?.command).toBe('hours');
    }
  });

  it('a version read from JSON derives its runtime from the earlier one and predicts the same', () => {
    const earlier = JSON.parse(JSON.stringify(model)) as typeof model;
    predict(earlier, 'warm the runtime up');
    const next = addExample(model, { id: 'new', text: 'is there a car park', command: 'location' });
    const derived = JSON.parse(JSON.stringify(next)) as typeof model;
    const fresh = JSON.parse(JSON.stringify(next)) as typeof model;
    deriveRuntimeFrom(derived, earlier);
    for (const probe of [...PROBES, 'is there a car park', 'car park please']) {
      expect(predict(derived, probe)).toEqual(predict(fresh, probe));
    }
  });

  it('a runtime prepared a step at a time, from the earlier version or from scratch, predicts the same', async () => {
    const earlier = JSON.parse(JSON.stringify(model)) as typeof model;
    predict(earlier, 'warm the runtime up');
    const next = addExample(model, { id: 'new', text: 'is there a car park', command: 'location' });
    const derived = JSON.parse(JSON.stringify(next)) as typeof model;
    const scratch = JSON.parse(JSON.stringify(next)) as typeof model;
    const fresh = JSON.parse(JSON.stringify(next)) as typeof model;
    deriveRuntimeFrom(derived, earlier);
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
    };
    expect(isRuntimeReady(derived)).toBe(false);
    await prepareRuntime(derived, pause);
    const derivedPauses = pauses;
    await prepareRuntime(scratch, pause);
    expect(isRuntimeReady(derived) && isRuntimeReady(scratch)).toBe(true);
    // steps, not one block: the vector space alone takes four pauses
    expect(derivedPauses).toBeGreaterThanOrEqual(4);
    expect(pauses - derivedPauses).toBeGreaterThanOrEqual(4);
    for (const probe of [...PROBES, 'is there a car park', 'car park please']) {
      const expected = predict(fresh, probe);
      expect(predict(derived, probe)).toEqual(expected);
      expect(predict(scratch, probe)).toEqual(expected);
    }
  });

  it('a new command is learned without retraining', () => {
    const updated = [
      { id: 'm1', text: 'show me the menu', command: 'menu' },
      { id: 'm2', text: 'what dishes do you serve', command: 'menu' },
    ].reduce(addExample, model);
    expect(predict(updated, 'can i see the menu').ranking[0]?.command).toBe('menu');
  });

  it('a removed example no longer appears and its command goes with its last example', () => {
    const withoutOne = removeExample(model, 'e10');
    expect(withoutOne.examples).toHaveLength(EXAMPLES.length - 1);
    expect(predict(withoutOne, 'what is your address').examples.map((example) => example.id)).not.toContain(
      'e10',
    );
    const withoutLocation = ['e8', 'e9', 'e10', 'e11'].reduce(removeExample, model);
    expect(predict(withoutLocation, 'where are you').ranking.map((entry) => entry.command)).not.toContain(
      'location',
    );
  });

  it('keeps an update fast for a bot of a few thousand examples', () => {
    const many = Array.from({ length: 3000 }, (_, index) => ({
      id: `x${index}`,
      text: `${EXAMPLES[index % EXAMPLES.length]!.text} variant ${index}`,
      command: `${EXAMPLES[index % EXAMPLES.length]!.command}${index % 40}`,
    }));
    const trainStart = performance.now();
    const big = train(many, { lang: 'en', parser: 'default', seed: 1 });
    const trainMs = performance.now() - trainStart;
    const start = performance.now();
    addExample(big, { id: 'fresh', text: 'a brand new way to ask', command: 'hours0' });
    // Relative to a full training, so a loaded machine slows both alike (unloaded: ~20 ms against ~1 s).
    expect(performance.now() - start).toBeLessThan(trainMs / 5);
  }, 30_000);
});

describe('an empty or single-command bot', () => {
  it('treats every message as out of scope when there are no examples', () => {
    const prediction = predict(train([], { lang: 'de', parser: 'default' }), 'hallo');
    expect(prediction).toMatchObject({ ranking: [], examples: [], isOutOfScope: true });
  });

  it('ranks the only command', () => {
    const model = train(EXAMPLES.slice(0, 4), { lang: 'en', parser: 'embedding' });
    expect(predict(model, 'book a table').ranking).toEqual([
      { command: 'reserve', score: expect.any(Number) },
    ]);
  });
});
