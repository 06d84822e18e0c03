import { describe, expect, it } from 'vitest';
import { extractLearned } from './extract-learned.ts';
import { learnValues } from './learn-values.ts';

describe('learnValues', () => {
  it('keeps tagged values and their contexts as plain JSON', () => {
    const learned = learnValues([
      { text: 'book a flight to Paris', lang: 'en', vars: [{ tag: 'Paris', varId: 'city' }] },
    ]);
    expect(JSON.parse(JSON.stringify(learned))).toEqual(learned);
    expect(learned.city?.values).toEqual(['Paris']);
    expect(learned.city?.contexts[0]).toMatchObject({ words: 1, right: ['</s>'] });
  });

  it('skips tags that are not in the text', () => {
    expect(learnValues([{ text: 'hello', vars: [{ tag: 'Rome', varId: 'city' }] }])).toEqual({});
  });
});

describe('extractLearned in English', () => {
  const learned = learnValues([
    { text: 'book a flight to Paris', lang: 'en', vars: [{ tag: 'Paris', varId: 'city' }] },
    { text: 'I want to fly to New York tomorrow', lang: 'en', vars: [{ tag: 'New York', varId: 'city' }] },
  ]);

  it('finds a known value, also with a typo', () => {
    expect(extractLearned('book a flight to Pariss', 'en', learned, 'city')).toMatchObject({
      value: 'Paris',
    });
    expect(extractLearned('fly me to new york', 'en', learned, 'city')).toMatchObject({
      value: 'New York',
      start: 10,
    });
  });

  it('finds an unseen value by its context', () => {
    expect(extractLearned('book a flight to Berlin', 'en', learned, 'city')).toMatchObject({
      value: 'Berlin',
      start: 17,
      end: 23,
    });
    expect(extractLearned('I want to fly to Cairo tomorrow', 'en', learned, 'city')?.value).toBe('Cairo');
  });

  it('returns null for an unknown variable or a message without the context', () => {
    expect(extractLearned('book a flight to Berlin', 'en', learned, 'date')).toBeNull();
    expect(extractLearned('what is the weather', 'en', learned, 'city')).toBeNull();
  });
});

describe('extractLearned in German and Arabic', () => {
  it('finds an unseen German value by context', () => {
    const learned = learnValues([
      { text: 'Ich möchte nach Hamburg fahren', vars: [{ tag: 'Hamburg', varId: 'stadt' }] },
    ]);
    expect(extractLearned('ich möchte nach Köln fahren', 'de', learned, 'stadt')?.value).toBe('Köln');
  });

  it('finds an unseen Arabic value by context and a known one with the article', () => {
    const learned = learnValues([
      { text: 'احجز رحلة إلى دبي', lang: 'ar', vars: [{ tag: 'دبي', varId: 'city' }] },
    ]);
    expect(extractLearned('احجز لي رحلة الى القاهرة', 'ar', learned, 'city')?.value).toBe('القاهرة');
    expect(extractLearned('رحلة الى الدبي', 'ar', learned, 'city')?.value).toBe('دبي');
  });
});
