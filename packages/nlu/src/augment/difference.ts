import { distance } from 'fastest-levenshtein';
import { type Lang, normalizeText } from '../text/index.ts';

/** How different two texts are, in percent: Levenshtein distance over the longer length, both normalised. */
export function differenceRatio(left: string, right: string, lang: Lang): number {
  const a = normalizeText(left, lang);
  const b = normalizeText(right, lang);
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : (distance(a, b) / longest) * 100;
}
