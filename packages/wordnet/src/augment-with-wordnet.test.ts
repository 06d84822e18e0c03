import { augment } from '@hiwar/nlu';
import { describe, expect, it } from 'vitest';
import { loadWordNet } from './index.ts';

/** The Augment call with WordNet's synonyms, as the server and the benchmarks run it. */
describe('augmenting English examples with WordNet', () => {
  const lexicon = loadWordNet();
  const suggest = (text: string) => augment(text, { lang: 'en', lexicon, maxSamples: 10, levMinRatio: 10 });

  it.each([
    ['set an alarm for four in the afternoon', /consternation|\b(lay|place|put) an?\b|\ban (?![aeiou])/],
    ['can you tell me one', /\bace\b/],
    ['show me the stock prices of target today', /threadbare|hackneyed/],
    ['do i have anything going on tonight', /leaving|departure/],
    ['remove my work alarm', /consternation/],
    ['what does obsessed mean', /average/],
    ['can you speak a little louder', /\bsmall\b|\bmouth\b/],
    ['make coffee', /^(can you )?do coffee/],
  ])('does not write the wrong sense of a word in “%s”', (text, unwanted) => {
    for (const sample of suggest(text)) expect(sample).not.toMatch(unwanted);
  });

  it('still swaps words whose sense is clear', () => {
    expect(suggest('i want to buy a large pizza').some((sample) => /purchase|big pizza/.test(sample))).toBe(
      true,
    );
  });

  it('keeps "a"/"an" agreeing with the word a swap put after it', () => {
    const samples = suggest('i want to buy an apple and a large pizza');
    expect(samples.some((sample) => sample.includes('a big pizza'))).toBe(true);
    for (const sample of samples) expect(sample).not.toMatch(/\ban big\b|\ba apple\b/);
  });
});
