import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, extractFeatures } from './features.ts';
import { clearLexicons, type Lexicon, useLexicon } from './lexicon.ts';
import { addExample, predict, train } from './model.ts';
import { featuresFor } from './parser.ts';

// A hand-made lexicon: weather words share concept 1, music words concept 2.
const CONCEPTS: Record<string, number[]> = {
  weather: [1],
  rain: [10, 1],
  snow: [11, 1],
  umbrella: [12, 1],
  music: [2],
  song: [20, 2],
  jazz: [21, 2],
};
const toyLexicon: Lexicon = { name: 'toy', lang: 'en', concepts: (word) => CONCEPTS[word] ?? [] };

const EXAMPLES = [
  ['w1', "what's the weather today", 'weather'],
  ['w2', 'weather forecast for tomorrow', 'weather'],
  ['w3', 'how is the weather in paris', 'weather'],
  ['m1', 'play some music', 'music'],
  ['m2', 'put on music please', 'music'],
  ['m3', 'i want to hear music', 'music'],
  ['t1', 'set a timer for ten minutes', 'timer'],
  ['t2', 'start a timer', 'timer'],
  ['t3', 'timer for the pasta', 'timer'],
].map(([id, text, command]) => ({ id: id ?? '', text: text ?? '', command: command ?? '' }));

afterEach(() => clearLexicons());

describe('a lexicon', () => {
  it("adds the words' concepts to the features of models that name it", () => {
    useLexicon(toyLexicon);
    const withConcepts = { ...DEFAULT_FEATURES, lexicon: 'toy' };
    expect(extractFeatures('rain', 'en', withConcepts).indices.length).toBeGreaterThan(
      extractFeatures('rain', 'en').indices.length,
    );
    expect(extractFeatures('the', 'en', withConcepts)).toEqual(extractFeatures('the', 'en'));
  });

  it('is recorded in the English models trained while it is registered, and only in those', () => {
    expect(train(EXAMPLES, { lang: 'en', parser: 'default' }).features.lexicon).toBeUndefined();
    useLexicon(toyLexicon);
    expect(train(EXAMPLES, { lang: 'en', parser: 'default' }).features.lexicon).toBe('toy');
    expect(train(EXAMPLES, { lang: 'de', parser: 'default' }).features.lexicon).toBeUndefined();
  });

  it('is left out of large bots, whose examples cover their vocabulary', () => {
    useLexicon(toyLexicon);
    expect(featuresFor('en', 5_000).lexicon).toBe('toy');
    expect(featuresFor('en', 5_001).lexicon).toBeUndefined();
  });

  it('lets a message in words no example uses find the command of the same concept', () => {
    const plain = train(EXAMPLES, { lang: 'en', parser: 'default' });
    useLexicon(toyLexicon);
    const withLexicon = train(EXAMPLES, { lang: 'en', parser: 'default' });
    for (const [message, command] of [
      ['rain', 'weather'],
      ['snow', 'weather'],
      ['jazz', 'music'],
    ] as const) {
      expect(predict(withLexicon, message).ranking[0]?.command).toBe(command);
      const plainScore = predict(plain, message).ranking.find((rank) => rank.command === command)?.score;
      const lexiconScore = predict(withLexicon, message).ranking[0]?.score;
      expect(lexiconScore).toBeGreaterThan(plainScore ?? 1);
    }
  });

  it('is used by incremental updates as by full training', () => {
    useLexicon(toyLexicon);
    const model = addExample(train(EXAMPLES, { lang: 'en', parser: 'default' }), {
      id: 'w4',
      text: 'do i need an umbrella',
      command: 'weather',
    });
    expect(predict(model, 'umbrella').ranking[0]?.command).toBe('weather');
  });

  it('must be registered to predict with a model trained with it', () => {
    useLexicon(toyLexicon);
    const model = JSON.parse(JSON.stringify(train(EXAMPLES, { lang: 'en', parser: 'default' })));
    clearLexicons();
    expect(() => predict(model, 'rain')).toThrow('This model needs the lexicon "toy"');
  });
});
