import type { Lang } from '../../text/index.ts';
import { type Word, wordsOf } from '../entities/words.ts';
import { functionWords } from '../function-words.ts';
import { matchList } from '../list/match-list.ts';
import {
  type LearnedContext,
  type LearnedValues,
  MESSAGE_END,
  MESSAGE_START,
  stemsOf,
} from './learn-values.ts';

export interface LearnedMatch {
  value: string;
  start: number;
  end: number;
  score: number;
}

interface Span {
  first: number;
  last: number;
  anchors: number;
  ratio: number;
}

/** How many context words, nearest first, agree with the message next to a span; boundaries count too. */
function agreeing(
  context: string[],
  stems: string[],
  from: number,
  step: 1 | -1,
): { count: number; words: number } {
  let count = 0;
  let words = 0;
  for (const [offset, expected] of context.entries()) {
    const position = from + step * offset;
    const boundary = step === -1 ? MESSAGE_START : MESSAGE_END;
    const actual = position < 0 || position >= stems.length ? boundary : stems[position];
    if (actual !== expected) break;
    count += 1;
    if (expected !== boundary) words += 1;
    if (actual === boundary) break;
  }
  return { count, words };
}

function bestSpanFor(context: LearnedContext, words: Word[], stems: string[], lang: Lang): Span | null {
  const fillers = functionWords(lang);
  let best: Span | null = null;
  const total = context.left.length + context.right.length;
  for (let first = 0; first < words.length; first += 1) {
    const left = agreeing(context.left, stems, first - 1, -1);
    for (let last = first; last < Math.min(words.length, first + context.words + 1); last += 1) {
      if (fillers.has(words[last]!.norm)) break;
      const right = agreeing(context.right, stems, last + 1, 1);
      const anchors = left.words + right.words;
      const ratio = (left.count + right.count) / total;
      const closer =
        Math.abs(last - first + 1 - context.words) <
        Math.abs((best ? best.last - best.first : 0) + 1 - context.words);
      if (anchors > 0 && (!best || ratio > best.ratio || (ratio === best.ratio && closer))) {
        best = { first, last, anchors, ratio };
      }
    }
  }
  return best;
}

/**
 * A value of a learned variable in a message: a known tagged value (with the list matcher's typo tolerance),
 * else the words standing where tagged values stood ("book a flight to Paris" tagged Paris → "book a flight
 * to Berlin" gives Berlin). Context matches score below 0.9, known values up to 1.
 */
export function extractLearned(
  text: string,
  lang: Lang,
  learned: LearnedValues,
  varId: string,
): LearnedMatch | null {
  const entry = learned[varId];
  if (!entry) return null;
  const known = matchList(text, lang, [], entry.values);
  if (known) return { value: known.value, start: known.start, end: known.end, score: known.score };
  const words = wordsOf(text, lang);
  const stems = stemsOf(words, lang);
  let best: Span | null = null;
  for (const context of entry.contexts) {
    const span = bestSpanFor(context, words, stems, lang);
    if (span && (!best || span.ratio > best.ratio)) best = span;
  }
  if (!best) return null;
  const start = words[best.first]!.start;
  const end = words[best.last]!.end;
  return { value: text.slice(start, end), start, end, score: Math.min(0.85, 0.35 + 0.5 * best.ratio) };
}
