import { functionWords } from '../extract/function-words.ts';
import type { Lang } from '../text/index.ts';
import { inflect } from './morphology.ts';
import { bareToken, findPhrase, replaceAt, type Tokens, tokensOf } from './phrases.ts';
import { pick, type Random } from './random.ts';
import { withTypo } from './typos.ts';
import { DROPPABLE, POLITENESS } from './word-lists.ts';

/** One sense-keeping rewrite of a token list; null when it no longer applies. */
export interface Change {
  kind: 'synonym' | 'drop' | 'politeness' | 'order' | 'morphology' | 'typo';
  /** How often it is drawn relative to the others. */
  weight: number;
  apply(tokens: Tokens, random: Random): Tokens | null;
}

function synonymChanges(tokens: Tokens, lang: Lang, groups: string[][]): Change[] {
  const changes: Change[] = [];
  for (const group of groups) {
    for (const from of group) {
      if (findPhrase(tokens, from, lang) < 0) continue;
      const others = group.filter((to) => to.trim() !== '' && to !== from);
      if (others.length === 0) continue;
      changes.push({
        kind: 'synonym',
        weight: 3,
        apply: (current, random) => {
          const at = findPhrase(current, from, lang);
          const to = pick(others, random);
          return at < 0 || to === undefined
            ? null
            : replaceAt(current, at, from.trim().split(/\s+/).length, to);
        },
      });
    }
  }
  return changes;
}

function dropChanges(tokens: Tokens, lang: Lang): Change[] {
  return DROPPABLE[lang]
    .filter((phrase) => findPhrase(tokens, phrase, lang) >= 0)
    .map((phrase) => ({
      kind: 'drop' as const,
      weight: 2,
      apply: (current: Tokens) => {
        const at = findPhrase(current, phrase, lang);
        const length = phrase.split(' ').length;
        return at < 0 || current.length <= length ? null : replaceAt(current, at, length, '');
      },
    }));
}

function politenessChanges(tokens: Tokens, lang: Lang): Change[] {
  const { start, end } = POLITENESS[lang];
  const isPolite = (current: Tokens) =>
    [...start, ...end].some((phrase) => findPhrase(current, phrase, lang) >= 0);
  if (isPolite(tokens)) return [];
  return [
    {
      kind: 'politeness',
      weight: 1,
      apply: (current, random) =>
        isPolite(current) ? null : [...tokensOf(pick(start, random) ?? ''), ...current],
    },
    {
      kind: 'politeness',
      weight: 1,
      apply: (current, random) => {
        if (isPolite(current)) return null;
        const last = current.at(-1) ?? '';
        const mark = last.match(/[?!.؟]+$/)?.[0] ?? '';
        const body = [...current.slice(0, -1), last.slice(0, last.length - mark.length)];
        return [...body, ...tokensOf(`${pick(end, random) ?? ''}${mark}`)];
      },
    },
  ];
}

/** Moves a politeness phrase between the start and the end of the message ("please X" ↔ "X please"). */
function orderChanges(tokens: Tokens, lang: Lang): Change[] {
  const { start, end } = POLITENESS[lang];
  return [...new Set([...start, ...end])]
    .filter((phrase) => findPhrase(tokens, phrase, lang) >= 0)
    .map((phrase) => ({
      kind: 'order' as const,
      weight: 2,
      apply: (current: Tokens) => {
        const length = tokensOf(phrase).length;
        const at = findPhrase(current, phrase, lang);
        if (at === 0 && current.length > length) return [...current.slice(length), ...tokensOf(phrase)];
        if (at >= 0 && at + length === current.length && at > 0)
          return [...tokensOf(phrase), ...current.slice(0, at)];
        return null;
      },
    }));
}

function contentIndexes(tokens: Tokens, lang: Lang): number[] {
  const fillers = functionWords(lang);
  return tokens.flatMap((token, index) => {
    const bare = bareToken(token, lang);
    return bare.length >= 3 && !fillers.has(bare) && !/\d/.test(bare) ? [index] : [];
  });
}

/** Rewrites one randomly chosen content word, keeping its punctuation. */
function wordChange(
  kind: 'morphology' | 'typo',
  weight: number,
  lang: Lang,
  rewrite: (word: string, index: number, random: Random) => string | null,
): Change {
  return {
    kind,
    weight,
    apply: (current, random) => {
      const index = pick(contentIndexes(current, lang), random);
      const token = index === undefined ? undefined : current[index];
      if (index === undefined || token === undefined) return null;
      const [, before = '', word = '', after = ''] = token.match(/^([^\p{L}]*)(\p{L}+)(.*)$/u) ?? [];
      const rewritten = word ? rewrite(word, index, random) : null;
      return rewritten
        ? current.map((item, at) => (at === index ? `${before}${rewritten}${after}` : item))
        : null;
    },
  };
}

/** The rewrites that apply to a message, drawn from per-language lists and the given synonym groups. */
export function changesFor(tokens: Tokens, lang: Lang, synonyms: string[][], typos: boolean): Change[] {
  const changes = [
    ...synonymChanges(tokens, lang, synonyms),
    ...dropChanges(tokens, lang),
    ...politenessChanges(tokens, lang),
    ...orderChanges(tokens, lang),
    wordChange('morphology', 1, lang, (word) => inflect(word, lang)),
  ];
  if (typos) changes.push(wordChange('typo', 0.5, lang, (word, _index, random) => withTypo(word, random)));
  return changes;
}
