import type { Lang } from '../../text/index.ts';
import type { Entity } from './entity.ts';
import { findNumbers } from './numbers.ts';
import { isAdjacent, type Word, wordsOf } from './words.ts';

export type DurationUnit = 'S' | 'M' | 'H' | 'D' | 'W' | 'MO' | 'Y';

const UNIT_WORDS: Record<Lang, Record<string, DurationUnit>> = {
  en: unitTable({
    S: 'second seconds sec secs',
    M: 'minute minutes min mins',
    H: 'hour hours hr hrs',
    D: 'day days',
    W: 'week weeks',
    MO: 'month months',
    Y: 'year years',
  }),
  de: unitTable({
    S: 'sekunde sekunden',
    M: 'minute minuten min',
    H: 'stunde stunden std',
    D: 'tag tage tagen',
    W: 'woche wochen',
    MO: 'monat monate monaten',
    Y: 'jahr jahre jahren',
  }),
  ar: unitTable({
    S: 'ثانيه ثواني ثوان',
    M: 'دقيقه دقايق',
    H: 'ساعه ساعات',
    D: 'يوم ايام',
    W: 'اسبوع اسابيع',
    MO: 'شهر اشهر شهور',
    Y: 'سنه سنوات سنين عام اعوام',
  }),
};
const ARABIC_DUALS = unitTable({
  S: 'ثانيتين ثانيتان',
  M: 'دقيقتين دقيقتان',
  H: 'ساعتين ساعتان',
  D: 'يومين يومان',
  W: 'اسبوعين اسبوعان',
  MO: 'شهرين شهران',
  Y: 'سنتين سنتان عامين',
});
/** Words that stand for an amount before a unit: "an hour", "eine halbe Stunde", "نص ساعه". */
const AMOUNT_WORDS: Record<Lang, Record<string, number>> = {
  en: { a: 1, an: 1, half: 0.5, 'half an': 0.5, 'half a': 0.5, quarter: 0.25, 'a quarter': 0.25 },
  de: {
    ein: 1,
    eine: 1,
    einen: 1,
    einer: 1,
    halbe: 0.5,
    'eine halbe': 0.5,
    'einen halben': 0.5,
    viertel: 0.25,
  },
  ar: { نص: 0.5, نصف: 0.5, ربع: 0.25 },
};
/** An Arabic singular unit alone is a duration only after these ("بعد ساعه" = in an hour; "كل يوم" is not). */
const RELATIVE_ARABIC = new Set(['بعد', 'قبل', 'خلال', 'لمده', 'مده']);
const SECONDS: Record<DurationUnit, number> = { S: 1, M: 60, H: 3600, D: 0, W: 0, MO: 0, Y: 0 };

function unitTable(spec: Record<DurationUnit, string>): Record<string, DurationUnit> {
  const table: Record<string, DurationUnit> = {};
  for (const [unit, words] of Object.entries(spec))
    for (const word of words.split(' ')) table[word] = unit as DurationUnit;
  return table;
}

/** An ISO 8601 duration: clock units fold into hours, minutes and seconds (1.5 h → PT1H30M). */
export function isoDuration(amount: number, unit: DurationUnit): string {
  if (unit === 'D' || unit === 'W' || unit === 'Y') return `P${amount}${unit}`;
  if (unit === 'MO') return `P${amount}M`;
  const total = Math.round(amount * SECONDS[unit]);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
}

/** A duration found in text, with its amount and unit so relative dates can reuse it. */
export interface DurationMatch extends Entity {
  amount: number;
  unit: DurationUnit;
}

function amountBefore(
  text: string,
  words: Word[],
  index: number,
  lang: Lang,
): { amount: number; first: number } | null {
  const table = AMOUNT_WORDS[lang];
  for (const span of [2, 1]) {
    const first = index - span;
    const head = words[first];
    if (
      !head ||
      !words
        .slice(first, index + 1)
        .every((word, at, all) => at === 0 || isAdjacent(text, all[at - 1]!, word))
    ) {
      continue;
    }
    const phrase = words
      .slice(first, index)
      .map((word) => word.norm)
      .join(' ');
    const amount = table[phrase];
    if (amount !== undefined) return { amount, first };
  }
  return null;
}

function match(text: string, start: number, end: number, amount: number, unit: DurationUnit): DurationMatch {
  return {
    type: 'duration',
    value: isoDuration(amount, unit),
    text: text.slice(start, end),
    start,
    end,
    amount,
    unit,
  };
}

/** Durations: a number or amount word before a unit word, or an Arabic dual ("ساعتين"); western digits expected. */
export function findDurations(text: string, lang: Lang): DurationMatch[] {
  const words = wordsOf(text, lang);
  const numbers = findNumbers(text, lang).filter((entity) => entity.type === 'number');
  const found: DurationMatch[] = [];
  words.forEach((word, index) => {
    const dual = lang === 'ar' ? ARABIC_DUALS[word.norm] : undefined;
    const unit = UNIT_WORDS[lang][word.norm] ?? dual;
    if (!unit) return;
    const number = numbers.find(
      (entity) => entity.end <= word.start && /^\s+$/.test(text.slice(entity.end, word.start)),
    );
    if (number && !dual) {
      found.push(match(text, number.start, word.end, number.value as number, unit));
      return;
    }
    const amount = amountBefore(text, words, index, lang);
    if (amount)
      found.push(match(text, words[amount.first]!.start, word.end, amount.amount * (dual ? 2 : 1), unit));
    else if (dual || RELATIVE_ARABIC.has(words[index - 1]?.norm ?? '')) {
      found.push(match(text, word.start, word.end, dual ? 2 : 1, unit));
    }
  });
  return found;
}
