import { detectLanguage, type Lang, stem } from '../../text/index.ts';
import { type Word, wordsOf } from '../entities/words.ts';

/** Marks the start or end of a message in a context, so a value tagged first or last keeps that position. */
export const MESSAGE_START = '<s>';
export const MESSAGE_END = '</s>';
const CONTEXT_WIDTH = 2;

export interface TaggedExample {
  text: string;
  /** The example's language (example_lang); detected from the text when absent. */
  lang?: Lang;
  /** example_vars: the tagged substring and the variable id it is a value of. */
  vars: { tag: string; varId: string }[];
}

/** Where a tagged value sat: stems of up to two words either side, nearest first, and its length in words. */
export interface LearnedContext {
  left: string[];
  right: string[];
  words: number;
}

export interface LearnedVariable {
  values: string[];
  contexts: LearnedContext[];
}

/** Per variable id, the tagged values and their contexts; plain JSON. */
export type LearnedValues = Record<string, LearnedVariable>;

export function stemsOf(words: Word[], lang: Lang): string[] {
  return words.map((word) => stem(word.norm, lang));
}

function contextOf(words: Word[], first: number, last: number, lang: Lang): LearnedContext {
  const left = stemsOf(words.slice(Math.max(0, first - CONTEXT_WIDTH), first), lang).reverse();
  const right = stemsOf(words.slice(last + 1, last + 1 + CONTEXT_WIDTH), lang);
  if (left.length < CONTEXT_WIDTH && first - left.length <= 0) left.push(MESSAGE_START);
  if (right.length < CONTEXT_WIDTH && last + right.length >= words.length - 1) right.push(MESSAGE_END);
  return { left, right, words: last - first + 1 };
}

function locateTag(text: string, tag: string): number {
  const exact = text.indexOf(tag);
  return exact >= 0 ? exact : text.toLowerCase().indexOf(tag.toLowerCase());
}

function learnOne(learned: LearnedValues, example: TaggedExample): void {
  const lang = example.lang ?? detectLanguage(example.text);
  const words = wordsOf(example.text, lang);
  for (const { tag, varId } of example.vars) {
    const trimmed = tag.trim();
    const start = trimmed === '' ? -1 : locateTag(example.text, trimmed);
    if (start < 0) continue;
    const end = start + trimmed.length;
    const first = words.findIndex((word) => word.end > start);
    const last = words.findLastIndex((word) => word.start < end);
    if (first < 0 || last < first) continue;
    const entry = learned[varId] ?? { values: [], contexts: [] };
    if (!entry.values.some((value) => value.toLowerCase() === trimmed.toLowerCase()))
      entry.values.push(trimmed);
    entry.contexts.push(contextOf(words, first, last, lang));
    learned[varId] = entry;
  }
}

/** Learns, from tagged examples, each variable's known values and the contexts its values appear in. */
export function learnValues(examples: TaggedExample[]): LearnedValues {
  const learned: LearnedValues = {};
  for (const example of examples) learnOne(learned, example);
  return learned;
}
