import { describe, expect, it } from 'vitest';
import { withArticlesAgreeing } from './articles.ts';
import { augment } from './augment.ts';
import { testLexicon } from './test-lexicon.test-support.ts';

/** A stand-in lexicon whose synonyms would read badly where the rules below should keep them out. */
const lexicon = testLexicon('fluency-test-lexicon', {
  alarm: [{ pos: 'noun', words: ['reminder'] }],
  large: [{ pos: 'adj', words: ['extra large'] }],
  one: [{ pos: 'noun', words: ['ace'] }],
  twelve: [{ pos: 'noun', words: ['dozen'] }],
  little: [{ pos: 'adj', words: ['small'] }],
  mean: [
    { pos: 'noun', words: [] },
    { pos: 'verb', words: [] },
    { pos: 'adj', words: ['average'] },
  ],
  stock: [
    { pos: 'noun', words: [] },
    { pos: 'adj', words: ['threadbare'] },
  ],
  set: [{ pos: 'verb', words: [] }],
  delete: [{ pos: 'verb', words: ['erase'] }],
  tell: [{ pos: 'verb', words: [] }],
  speak: [{ pos: 'verb', words: [] }],
});

const suggest = (text: string) => augment(text, { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });

describe('fluent English suggestions', () => {
  it('makes "a"/"an" agree with the word a swap puts after it', () => {
    const samples = suggest('set an alarm and order a large pizza');
    expect(samples.some((sample) => sample.includes('a reminder'))).toBe(true);
    expect(samples.some((sample) => sample.includes('an extra large pizza'))).toBe(true);
    for (const sample of samples) expect(sample).not.toMatch(/\ban reminder\b|\ba extra\b/);
    expect(withArticlesAgreeing(['An', 'user', 'a', 'hour', 'a', '8', 'a', 'apple', 'a.', 'm.'])).toEqual([
      'A',
      'user',
      'an',
      'hour',
      'an',
      '8',
      'an',
      'apple',
      'a.',
      'm.',
    ]);
  });

  it('never swaps numbers, quantifiers or words used in several parts of speech where they stand', () => {
    const samples = [
      ...suggest('can you tell me one'),
      ...suggest('set twelve alarms'),
      ...suggest('can you speak a little louder'),
      ...suggest('what does obsessed mean'),
      ...suggest('show me the stock prices'),
    ];
    for (const sample of samples) expect(sample).not.toMatch(/\b(ace|dozen|small|average|threadbare)\b/);
  });

  it('moves a time word with its preposition, or not at all', () => {
    const samples = suggest('delete all events for tomorrow');
    expect(samples.some((sample) => sample.startsWith('for tomorrow, delete all events'))).toBe(true);
    for (const sample of samples) expect(sample).not.toMatch(/ for$|^tomorrow,/);
    for (const sample of suggest('delete all events for tomorrow'))
      expect(sample).not.toMatch(/^(could you|can you|please) for/);
    for (const text of [
      'play some music right now',
      'do i have anything going on tonight',
      'delete it one hour from now',
    ]) {
      for (const sample of augment(text, { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 5 })) {
        expect(sample).not.toMatch(/^(now|tonight|from now),/);
      }
    }
  });

  it('puts no other date form after "every" or before a part of the day', () => {
    for (const sample of suggest('delete the alarm for every friday'))
      expect(sample).toContain('every friday');
    for (const sample of suggest('delete my alarm tomorrow morning'))
      expect(sample).toContain('tomorrow morning');
    // A day in the past stays the day it was.
    for (const text of ['i deleted my alarm today', 'has sarah posted anything today']) {
      for (const sample of suggest(text)) expect(sample).toContain('today');
    }
    const free = suggest('delete my alarm for friday');
    expect(free.some((sample) => !sample.includes('friday'))).toBe(true);
  });

  it('writes no digit inside a longer number', () => {
    for (const sample of suggest('delete the alarm at seven thirty and two thousand seventeen')) {
      expect(sample).not.toMatch(/\b7 thirty|\b2 thousand/);
    }
    expect(suggest('delete 2 alarms').some((sample) => sample.includes('two alarms'))).toBe(true);
  });

  it('adds politeness after an abbreviation’s dot, not before it', () => {
    const samples = suggest('delete my alarm at 8 p. m.');
    expect(samples.some((sample) => / p\. m\. (please|thanks|thank you)$/.test(sample))).toBe(true);
    for (const sample of samples) expect(sample).not.toMatch(/ m (please|thanks|thank you)\.$/);
  });

  it('moves "please" to the front only before a request’s verb', () => {
    for (const sample of augment('current time please', {
      lang: 'en',
      lexicon,
      maxSamples: 10,
      levMinRatio: 5,
    })) {
      expect(sample).not.toMatch(/^please/);
    }
    const request = augment('delete my alarm please', {
      lang: 'en',
      lexicon,
      maxSamples: 10,
      levMinRatio: 5,
    });
    expect(request.some((sample) => sample.startsWith('please'))).toBe(true);
  });

  it('reads "when" as "what time" only at a question’s start', () => {
    expect(suggest('when is my alarm').some((sample) => sample.startsWith('what time'))).toBe(true);
    for (const sample of suggest('delete my alarm when i wake up')) expect(sample).not.toContain('what time');
  });

  it('rephrases common requests from the shipped table, each phrase whole and in a place it fits', () => {
    expect(suggest('turn up the volume')).toContain('increase the volume');
    expect(suggest('is it going to rain later')).toContain('will it rain later');
    expect(suggest('what is the weather in paris').some((sample) => sample.startsWith('tell me the'))).toBe(
      true,
    );
    // "tell me the" is "what is the" only at the start: no "could you what is the time"
    for (const sample of suggest('can you please tell me the time')) expect(sample).not.toContain('what is');
    // a phrase swapped in is not found again inside its own words ("how's it going doing")
    for (const sample of suggest('hey how are you')) expect(sample).not.toMatch(/going doing|you doing/);
  });
});
