import type { Lang } from '../../text/index.ts';
import type { Entity } from './entity.ts';
import { arabicTerm } from './number-words-ar.ts';
import { germanParts } from './number-words-de.ts';
import { englishPart } from './number-words-en.ts';
import { readSpelledNumber } from './spelled-numbers.ts';
import { type Word, wordsOf } from './words.ts';

// Grouped thousands and a decimal mark per language; German writes 1.234,5, English 1,234.5. Arabic text
// uses either (after westernDigits maps ٫ and ٬), so both are tried there.
const DIGIT_PATTERNS: Record<Lang, RegExp[]> = {
  en: [/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/y],
  de: [/-?\d{1,3}(?:\.\d{3})+(?:,\d+)?|-?\d+(?:,\d+)?/y],
  ar: [/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/y],
};
const ENGLISH_ORDINAL_SUFFIX = /^(?:st|nd|rd|th)\b/i;

function parseDigits(span: string, lang: Lang): number {
  const decimalComma = lang === 'de';
  const plain = decimalComma ? span.replace(/\./g, '').replace(',', '.') : span.replace(/,/g, '');
  return Number(plain);
}

/** A scale word right after digits ("3 million", "2,5 Millionen", "٣ آلاف"). */
function scaleAfter(word: Word | undefined, lang: Lang): number | null {
  if (!word) return null;
  if (lang === 'ar') {
    const term = arabicTerm(word.norm);
    return term?.kind === 'scale' ? term.value : term?.kind === 'hundred' ? 100 : null;
  }
  const parts = lang === 'de' ? germanParts(word.norm) : [englishPart(word.norm)];
  const [part] = parts ?? [];
  if (parts?.length !== 1 || !part) return null;
  return part.kind === 'scale' ? part.value : part.kind === 'hundred' ? 100 : null;
}

function findDigitNumbers(text: string, lang: Lang, words: Word[]): Entity[] {
  const entities: Entity[] = [];
  const pattern = DIGIT_PATTERNS[lang][0]!;
  let index = 0;
  while (index < text.length) {
    const boundary = index === 0 || !/[\p{L}\p{N}.,]/u.test(text[index - 1]!);
    pattern.lastIndex = index;
    const match = boundary && /[-\d]/.test(text[index]!) ? pattern.exec(text) : null;
    if (!match || match[0] === '-') {
      index += 1;
      continue;
    }
    const end = index + match[0].length;
    // Dotted runs such as versions and IPs (2.0.1, 10.0.0.1) are not numbers.
    if (/^[.,]\d/.test(text.slice(end))) {
      index = end + (text.slice(end).match(/^[\d.,]+/)?.[0].length ?? 0);
      continue;
    }
    entities.push(digitEntity(text, lang, words, match[0], index));
    index = end;
  }
  return entities;
}

function digitEntity(text: string, lang: Lang, words: Word[], span: string, start: number): Entity {
  let end = start + span.length;
  let value = parseDigits(span, lang);
  const suffix = lang === 'en' ? text.slice(end).match(ENGLISH_ORDINAL_SUFFIX) : null;
  if (suffix) {
    end += suffix[0].length;
    return { type: 'ordinal', value, text: text.slice(start, end), start, end };
  }
  const nextWord = words.find((word) => word.start >= end);
  const scale = nextWord && /^\s+$/.test(text.slice(end, nextWord.start)) ? scaleAfter(nextWord, lang) : null;
  if (nextWord && scale !== null) {
    value *= scale;
    end = nextWord.end;
  }
  return { type: 'number', value, text: text.slice(start, end), start, end };
}

function findSpelledNumbers(text: string, lang: Lang, words: Word[]): Entity[] {
  const entities: Entity[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const found = readSpelledNumber(words, index, text, lang);
    if (!found) continue;
    const start = words[found.first]!.start;
    const end = words[found.last]!.end;
    const type = found.isOrdinal ? 'ordinal' : 'number';
    entities.push({ type, value: found.value, text: text.slice(start, end), start, end });
    index = found.last;
  }
  return entities;
}

/** Numbers and ordinals written in digits or words; `text` must already have western digits. */
export function findNumbers(text: string, lang: Lang): Entity[] {
  const words = wordsOf(text, lang);
  const digits = findDigitNumbers(text, lang, words);
  const taken = (word: Word) => digits.some((entity) => word.start < entity.end && word.end > entity.start);
  const spelled = findSpelledNumbers(text, lang, words).filter(
    (entity) => !words.some((word) => word.start >= entity.start && word.end <= entity.end && taken(word)),
  );
  return [...digits, ...spelled].sort((left, right) => left.start - right.start);
}
