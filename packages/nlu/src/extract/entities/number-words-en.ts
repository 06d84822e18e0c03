import type { NumberPart } from './number-groups.ts';

const SMALL = [
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen',
  'seventeen eighteen nineteen',
]
  .join(' ')
  .split(' ');
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fifth: 5,
  eighth: 8,
  ninth: 9,
  twelfth: 12,
};

/** The number part an English word spells, or null. */
export function englishPart(word: string): NumberPart | null {
  const small = SMALL.indexOf(word);
  if (small >= 0) return { kind: 'small', value: small };
  const tens = TENS.indexOf(word);
  if (tens >= 0) return { kind: 'small', value: (tens + 2) * 10 };
  if (word === 'hundred') return { kind: 'hundred' };
  const scale = SCALES[word];
  return scale === undefined ? null : { kind: 'scale', value: scale };
}

/** The cardinal form of an English ordinal word (twentieth → twenty, fourth → four), or null. */
export function englishOrdinalBase(word: string): string | null {
  const irregular = ORDINAL_WORDS[word];
  if (irregular !== undefined) return SMALL[irregular] ?? null;
  if (word.endsWith('ieth')) return `${word.slice(0, -4)}y`;
  if (word.endsWith('th') && englishPart(word.slice(0, -2))) return word.slice(0, -2);
  return null;
}
