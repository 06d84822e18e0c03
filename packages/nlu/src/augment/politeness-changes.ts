import type { Lexicon } from '../engine/lexicon.ts';
import type { Lang } from '../text/index.ts';
import type { Change } from './change.ts';
import { bareToken, findPhrase, replaceAt, type Tokens, tokensOf } from './phrases.ts';
import { pick } from './random.ts';
import {
  BINDS_TIME,
  DROPPABLE,
  MOVABLE_TIMES,
  POLITENESS,
  QUESTION_STARTS,
  TIME_PREPOSITIONS,
} from './word-lists.ts';

const END_MARK = /[?!.؟]+$/;

/** The last token split from its closing punctuation ("open?" → "open", "?"). */
function withoutEndMark(tokens: Tokens): { body: Tokens; mark: string } {
  const last = tokens.at(-1) ?? '';
  // The dot of an abbreviation ("8 p. m.") is no end mark: "8 p. m. please", not "8 p. m please.".
  const mark = /^\p{L}\.$/u.test(last) ? '' : (last.match(END_MARK)?.[0] ?? '');
  return { body: [...tokens.slice(0, -1), last.slice(0, last.length - mark.length)].filter(Boolean), mark };
}

function isQuestion(tokens: Tokens, lang: Lang): boolean {
  return QUESTION_STARTS[lang].has(bareToken(tokens[0] ?? '', lang)) || /[?؟]$/.test(tokens.at(-1) ?? '');
}

/**
 * Whether a request's first word can take "please" or "could you" before it. In English only a verb can
 * ("could you book…", not "could you I want…"), which the lexicon tells; without one, no English opener.
 */
function takesOpener(tokens: Tokens, lang: Lang, lexicon: Lexicon | undefined): boolean {
  if (isQuestion(tokens, lang)) return false;
  if (lang !== 'en') return true;
  const first = bareToken(tokens[0] ?? '', lang);
  return (lexicon?.synonyms?.(first) ?? []).some((set) => set.pos === 'verb');
}

function dropChanges(tokens: Tokens, lang: Lang): Change[] {
  return DROPPABLE[lang]
    .filter((phrase) => findPhrase(tokens, phrase, lang) >= 0)
    .map((phrase) => ({
      kind: 'drop' as const,
      weight: 2,
      apply: (current: Tokens) => {
        const at = findPhrase(current, phrase, lang);
        const length = tokensOf(phrase).length;
        return at < 0 || current.length <= length ? null : replaceAt(current, at, length, '');
      },
    }));
}

function addChanges(tokens: Tokens, lang: Lang, lexicon: Lexicon | undefined): Change[] {
  const { start, end } = POLITENESS[lang];
  // One of each at most: "could you book a table please" reads well, "please book a table please" does not.
  const hasAny = (current: Tokens, phrases: string[]) =>
    phrases.some((phrase) => findPhrase(current, phrase, lang) >= 0);
  const changes: Change[] = [];
  if (!hasAny(tokens, end)) {
    changes.push({
      kind: 'politeness',
      weight: 1,
      apply: (current, random) => {
        if (hasAny(current, end)) return null;
        const { body, mark } = withoutEndMark(current);
        return [...body, ...tokensOf(`${pick(end, random) ?? ''}${mark}`)];
      },
    });
  }
  if (!hasAny(tokens, start) && takesOpener(tokens, lang, lexicon)) {
    changes.push({
      kind: 'politeness',
      weight: 1,
      apply: (current, random) => {
        // Another rewrite may have put a time word first: "could you tomorrow, book…" would not do.
        if (hasAny(current, start) || !takesOpener(current, lang, lexicon)) return null;
        const first = current[0] ?? '';
        // "Book a table" → "please book a table": the opener takes the capital, the verb loses it.
        const lowered = /^\p{Lu}\p{Ll}/u.test(first) ? first[0]!.toLowerCase() + first.slice(1) : first;
        return replaceAt(current, 0, 1, `${pick(start, random) ?? ''} ${lowered}`);
      },
    });
  }
  return changes;
}

interface MovablePhrase {
  phrase: string;
  comma: string;
  isTime: boolean;
}

/** The phrases that read as well at a message's start as at its end. */
function movablePhrases(lang: Lang): MovablePhrase[] {
  const { start, end } = POLITENESS[lang];
  const politeness = start
    .filter((phrase) => end.includes(phrase))
    .map((phrase) => ({ phrase, comma: '', isTime: false }));
  const times = (MOVABLE_TIMES[lang] ?? []).map((phrase) => ({
    phrase,
    comma: lang === 'ar' ? '' : ',',
    isTime: true,
  }));
  return [...politeness, ...times];
}

/**
 * Where a time word at the end starts once moved to the front with what it needs: "for tomorrow" moves as a
 * unit ("for tomorrow, delete all events", not "tomorrow, delete all events for"); after any other word that
 * binds it ("right now", "going on tonight", "every morning") it stays, -1.
 */
function timeStart(body: Tokens, at: number, lang: Lang): number {
  const previous = bareToken(body[at - 1] ?? '', lang);
  if (TIME_PREPOSITIONS[lang]?.has(previous)) return at - 1;
  return BINDS_TIME[lang]?.has(previous) ? -1 : at;
}

const CAPITALISED = /^\p{Lu}\p{Ll}*$/u;

/**
 * Keeps a capital at the start after words moved: the new first word takes it, and the old first word loses
 * it when it is a common word ("What's" → "what's", but "Paris" stays).
 */
function recase(original: Tokens, moved: Tokens, lang: Lang, lexicon: Lexicon | undefined): Tokens {
  const first = original[0] ?? '';
  if (!/^\p{Lu}/u.test(first)) return moved;
  const isCommon = (token: string) => {
    const word = token.match(/\p{L}+/u)?.[0] ?? '';
    const lower = word.toLowerCase();
    const isCommonWord =
      QUESTION_STARTS[lang].has(lower) ||
      POLITENESS[lang].start.includes(lower) ||
      (MOVABLE_TIMES[lang] ?? []).includes(lower) ||
      (lexicon?.synonyms?.(lower) ?? []).some((set) => set.pos === 'verb');
    return CAPITALISED.test(word) && word !== 'I' && isCommonWord;
  };
  const lowered = moved.map((token) =>
    token === first && isCommon(token) ? token[0]!.toLowerCase() + token.slice(1) : token,
  );
  const head = lowered[0] ?? '';
  return [head.charAt(0).toUpperCase() + head.slice(1), ...lowered.slice(1)];
}

/**
 * Moves a phrase between the start and the end of the message: politeness ("please X" ↔ "X please") and,
 * where the language allows, a time word ("the weather tomorrow" ↔ "tomorrow, the weather").
 */
function moveChanges(tokens: Tokens, lang: Lang, lexicon: Lexicon | undefined): Change[] {
  return movablePhrases(lang)
    .filter(({ phrase }) => findPhrase(tokens, phrase, lang) >= 0)
    .map(({ phrase, comma, isTime }) => ({
      kind: 'order' as const,
      weight: 2,
      apply: (current: Tokens) => {
        const found = findPhrase(current, phrase, lang);
        const at = isTime && found > 0 ? timeStart(current, found, lang) : found;
        const length = tokensOf(phrase).length + (found - at);
        if (at < 0 || current.length <= length) return null;
        const { body, mark } = withoutEndMark(current);
        const moved = body.slice(at, at + length).map((token) => token.replace(/,$/, ''));
        if (at === 0) {
          const rest = body.slice(length);
          return recase(
            current,
            [...rest.slice(0, -1), `${rest.at(-1) ?? ''}`, ...moved.slice(0, -1), `${moved.at(-1)}${mark}`],
            lang,
            lexicon,
          );
        }
        if (at + length !== body.length) return null;
        const rest = body.slice(0, at);
        // "please" goes first only before a request's verb: not "please current time".
        if (!isTime && !takesOpener(rest, lang, lexicon)) return null;
        const opener = [...moved.slice(0, -1), `${moved.at(-1)}${comma}`];
        return recase(
          current,
          [...opener, ...rest.slice(0, -1), `${(rest.at(-1) ?? '').replace(/,$/, '')}${mark}`],
          lang,
          lexicon,
        );
      },
    }));
}

/** The phrasing less the politeness it added at its start or end (what the example had stays). */
export function withoutAddedPoliteness(phrasing: string, example: string, lang: Lang): string {
  const original = tokensOf(example);
  const { start, end } = POLITENESS[lang];
  let tokens = tokensOf(phrasing);
  for (const phrase of [...start, ...end].sort((left, right) => right.length - left.length)) {
    if (findPhrase(original, phrase, lang) >= 0) continue;
    const length = tokensOf(phrase).length;
    if (findPhrase(tokens, phrase, lang) === 0) tokens = tokens.slice(length);
    const at = findPhrase(tokens, phrase, lang);
    if (at >= 0 && at + length === tokens.length) tokens = tokens.slice(0, at);
  }
  return tokens.join(' ');
}

/** Politeness dropped, added (at the end; at the start only before a request) or moved; time words moved. */
export function politenessChanges(tokens: Tokens, lang: Lang, lexicon: Lexicon | undefined): Change[] {
  return [
    ...dropChanges(tokens, lang),
    ...addChanges(tokens, lang, lexicon),
    ...moveChanges(tokens, lang, lexicon),
  ];
}
