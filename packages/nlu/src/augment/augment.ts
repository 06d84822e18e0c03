import { type Lexicon, lexiconForLanguage } from '../engine/lexicon.ts';
import { type Lang, normalizeText } from '../text/index.ts';
import { withArticlesAgreeing } from './articles.ts';
import type { Change } from './change.ts';
import { changesFor } from './changes.ts';
import { differenceRatio } from './difference.ts';
import { type Tokens, tokensOf } from './phrases.ts';
import { withoutAddedPoliteness } from './politeness-changes.ts';
import { type Random, seededRandom, seedOf } from './random.ts';

export interface AugmentOptions {
  lang: Lang;
  /** At most this many phrasings (spec default 5). */
  maxSamples?: number;
  /** Each phrasing differs from the original by at least this many percent (spec default 35). */
  levMinRatio?: number;
  /** Groups of interchangeable words or phrases, e.g. a list variable's keyword with its synonyms. */
  synonyms?: string[][];
  /** Same seed, same phrasings; defaults to a hash of the text. */
  seed?: number;
  /** Whether phrasings may carry a typo (default false: only when the owner asks for them). */
  typos?: boolean;
  /** Where English synonyms come from; defaults to the lexicon registered for the language (useLexicon). */
  lexicon?: Lexicon | null;
}

const ATTEMPTS_PER_SAMPLE = 40;
const MAX_CHANGES = 6;

function drawChange(changes: Change[], random: Random): Change | undefined {
  const total = changes.reduce((sum, change) => sum + change.weight, 0);
  let target = random() * total;
  for (const change of changes) {
    target -= change.weight;
    if (target < 0) return change;
  }
  return changes.at(-1);
}

/**
 * Added politeness makes no new example: "play some music please" teaches a classifier nothing "play some
 * music" did not, and the added words dilute the rest. MASSIVE 8-shot, 3 suggestions per example, 3 seeds
 * (`bench:augment`): with politeness counted like any change −1.3 to −2.0 points, without it −0.4 to +0.5. So
 * it only rides along: a phrasing needs another change, and how different it is is measured without it.
 */
const DECORATIONS: ReadonlySet<Change['kind']> = new Set(['politeness']);
const isDecoration = (change: Change) => DECORATIONS.has(change.kind);

/** Applies changes until the phrasing is different enough, or gives up after MAX_CHANGES. */
function rephrase(
  original: Tokens,
  changes: Change[],
  random: Random,
  isEnough: (text: string) => boolean,
  tidy: (tokens: Tokens) => Tokens,
): string | null {
  let tokens = original;
  let remaining = [...changes];
  let hasSubstance = false;
  for (let step = 0; step < MAX_CHANGES && remaining.length > 0; step += 1) {
    const change = drawChange(remaining, random);
    if (!change) break;
    // Typos, politeness and reordering count once per phrasing; word rewrites may apply again elsewhere.
    if (change.kind === 'typo' || change.kind === 'politeness' || change.kind === 'order')
      remaining = remaining.filter((item) => item !== change);
    const changed = change.apply(tokens, random);
    if (changed) {
      tokens = tidy(changed);
      hasSubstance ||= !isDecoration(change);
    }
    const text = tokens.filter(Boolean).join(' ');
    if (hasSubstance && isEnough(text)) return text;
  }
  return null;
}

/**
 * New phrasings of a training example in its language: synonyms (the given groups, a shipped table, the
 * lexicon's), politeness dropped, added or moved, time words moved, number and date forms, the Arabic article,
 * and typos only when asked for. Each differs from the original by at least `levMinRatio` percent (normalised
 * Levenshtein), none repeats (after normalisation) and the same seed gives the same list. Short texts with
 * few rewrites may yield fewer than `maxSamples`.
 */
export function augment(text: string, options: AugmentOptions): string[] {
  const { lang, maxSamples = 5, levMinRatio = 35, synonyms = [], typos = false } = options;
  const lexicon = options.lexicon === undefined ? lexiconForLanguage(lang) : (options.lexicon ?? undefined);
  const original = tokensOf(text);
  const changes = changesFor(original, { lang, synonyms, lexicon, typos });
  const isRephrasable = changes.some((change) => !isDecoration(change));
  if (original.length === 0 || !isRephrasable || maxSamples <= 0) return [];
  const random = seededRandom(options.seed ?? seedOf(text));
  const seen = new Set([normalizeText(text, lang)]);
  // Different enough as written, and still without the politeness it added.
  const isEnough = (candidate: string) =>
    !seen.has(normalizeText(candidate, lang)) &&
    differenceRatio(text, candidate, lang) >= levMinRatio &&
    differenceRatio(text, withoutAddedPoliteness(candidate, text, lang), lang) >= levMinRatio;
  // A swapped word may need the other article ("an alarm" → "a reminder").
  const tidy = lang === 'en' ? withArticlesAgreeing : (tokens: Tokens) => tokens;
  const samples: string[] = [];
  for (
    let attempt = 0;
    attempt < maxSamples * ATTEMPTS_PER_SAMPLE && samples.length < maxSamples;
    attempt += 1
  ) {
    const candidate = rephrase(original, changes, random, isEnough, tidy);
    if (candidate === null) continue;
    seen.add(normalizeText(candidate, lang));
    samples.push(candidate);
  }
  return samples;
}
