import type { Lexicon } from '../engine/lexicon.ts';
import { functionWords } from '../extract/function-words.ts';
import type { Lang } from '../text/index.ts';
import type { Change } from './change.ts';
import { formChanges } from './form-changes.ts';
import { arabicArticleVariant } from './morphology.ts';
import { bareToken, type Tokens } from './phrases.ts';
import { politenessChanges } from './politeness-changes.ts';
import { pick, type Random } from './random.ts';
import { groupSynonymChanges, lexiconSynonymChanges } from './synonym-changes.ts';
import { SYNONYM_TABLE } from './synonym-table.ts';
import { withTypo } from './typos.ts';

export interface ChangeSources {
  lang: Lang;
  /** the owner's groups (a list variable's labels and their synonyms), before the shipped table */
  synonyms: string[][];
  lexicon: Lexicon | undefined;
  typos: boolean;
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
  rewrite: (word: string, next: string, random: Random) => string | null,
): Change {
  return {
    kind,
    weight,
    apply: (current, random) => {
      const index = pick(contentIndexes(current, lang), random);
      const token = index === undefined ? undefined : current[index];
      if (index === undefined || token === undefined) return null;
      const [, before = '', word = '', after = ''] = token.match(/^([^\p{L}]*)(\p{L}+)(.*)$/u) ?? [];
      const rewritten = word ? rewrite(word, current[index + 1] ?? '', random) : null;
      return rewritten
        ? current.map((item, at) => (at === index ? `${before}${rewritten}${after}` : item))
        : null;
    },
  };
}

/**
 * The rewrites that apply to a message: synonyms (the owner's groups, the shipped table, the lexicon),
 * politeness dropped, added or moved, time words moved, number and date forms, the Arabic article, and
 * typos only when asked for.
 */
export function changesFor(tokens: Tokens, sources: ChangeSources): Change[] {
  const { lang } = sources;
  const changes = [
    ...groupSynonymChanges(tokens, lang, [...sources.synonyms, ...SYNONYM_TABLE[lang]]),
    ...lexiconSynonymChanges(tokens, lang, sources.lexicon),
    ...politenessChanges(tokens, lang, sources.lexicon),
    ...formChanges(tokens, lang),
  ];
  if (lang === 'ar') changes.push(wordChange('morphology', 1, lang, arabicArticleVariant));
  if (sources.typos)
    changes.push(wordChange('typo', 0.5, lang, (word, _next, random) => withTypo(word, random)));
  return changes;
}
