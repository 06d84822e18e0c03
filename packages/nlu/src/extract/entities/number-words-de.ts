import type { NumberPart } from './number-groups.ts';

// Normalised German (ü → ue, ß → ss); the unfolded spellings users type without umlauts are listed too.
const UNITS: Record<string, number> = {
  null: 0,
  eins: 1,
  ein: 1,
  eine: 1,
  zwei: 2,
  zwo: 2,
  drei: 3,
  vier: 4,
  fuenf: 5,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwoelf: 12,
  zwolf: 12,
  dreizehn: 13,
  vierzehn: 14,
  fuenfzehn: 15,
  funfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
};
const TENS: Record<string, number> = {
  zwanzig: 20,
  dreissig: 30,
  vierzig: 40,
  fuenfzig: 50,
  funfzig: 50,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
};
const SCALES: [string, number][] = [
  ['milliarden', 1e9],
  ['milliarde', 1e9],
  ['millionen', 1e6],
  ['million', 1e6],
  ['tausend', 1e3],
];
const ORDINAL_STEMS: Record<string, number> = { ers: 1, drit: 3, sieb: 7, ach: 8 };

/** Splits one German number word ("zweihundertfuenfundzwanzig") into parts, or null if it is not one. */
export function germanParts(word: string): NumberPart[] | null {
  if (word === '') return [];
  for (const [name, value] of SCALES) {
    const at = word.indexOf(name);
    if (at < 0) continue;
    const before = word.slice(0, at);
    const head = before === '' ? [] : germanParts(before);
    const tail = germanParts(word.slice(at + name.length));
    return head && tail ? [...head, { kind: 'scale', value }, ...tail] : null;
  }
  const hundred = word.indexOf('hundert');
  if (hundred >= 0) {
    const head = germanParts(word.slice(0, hundred));
    const tail = germanParts(word.slice(hundred + 'hundert'.length).replace(/^und/, ''));
    return head && tail ? [...head, { kind: 'hundred' }, ...tail] : null;
  }
  return belowHundred(word);
}

function belowHundred(word: string): NumberPart[] | null {
  const whole = UNITS[word] ?? TENS[word];
  if (whole !== undefined) return [{ kind: 'small', value: whole }];
  const [unit, tens] = word.split('und');
  const unitValue = UNITS[unit ?? ''];
  const tensValue = TENS[tens ?? ''];
  if (unitValue === undefined || tensValue === undefined || unitValue > 9) return null;
  return [{ kind: 'small', value: unitValue + tensValue }];
}

/** A German ordinal word's value (dritte → 3, zwanzigsten → 20), or null. */
export function germanOrdinal(word: string): number | null {
  const high = word.match(/^(.+)st(?:e|er|en|es|em)$/);
  if (high?.[1]) {
    const value = wordValue(high[1]);
    if (value !== null && value >= 20) return value;
  }
  const low = word.match(/^(.+)t(?:e|er|en|es|em)$/);
  if (!low?.[1]) return null;
  const value = ORDINAL_STEMS[low[1]] ?? wordValue(low[1]);
  return value !== null && value >= 1 && value < 20 ? value : null;
}

function wordValue(word: string): number | null {
  const parts = germanParts(word);
  if (parts?.length !== 1) return null;
  const [part] = parts;
  return part?.kind === 'small' ? part.value : part?.kind === 'hundred' ? 100 : null;
}

/** Articles that count only as "one" before a scale word ("eine Million"); alone they are articles. */
export const GERMAN_ARTICLES = new Set(['ein', 'eine', 'einen']);
