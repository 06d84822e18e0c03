import type { Lexicon, PartOfSpeech } from '../engine/lexicon.ts';
import { functionWords } from '../extract/function-words.ts';
import type { Lang } from '../text/index.ts';
import type { Change } from './change.ts';
import { bareToken, findPhrase, replaceAt, type Tokens } from './phrases.ts';
import { pick } from './random.ts';
import { isKeptWord, START_ONLY } from './word-lists.ts';

/** Swaps a phrase of one group for another of the same group (variable labels, the shipped table). */
export function groupSynonymChanges(tokens: Tokens, lang: Lang, groups: string[][]): Change[] {
  const changes: Change[] = [];
  for (const group of groups) {
    for (const from of group) {
      // "when" is "what time" only as a question's first word ("turn on when plugged in").
      const isStartOnly = START_ONLY[lang]?.has(from) ?? false;
      const findFrom = (current: Tokens) => {
        const at = findPhrase(current, from, lang);
        return isStartOnly && at > 0 ? -1 : at;
      };
      if (findFrom(tokens) < 0) continue;
      const others = group.filter((to) => to.trim() !== '' && to !== from);
      if (others.length === 0) continue;
      changes.push({
        kind: 'synonym',
        weight: 3,
        apply: (current, random) => {
          const at = findFrom(current);
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

const DETERMINERS = new Set(
  'a an the my your our his her their its this that these those some any every each no of for in on at with from by about'.split(
    ' ',
  ),
);
const BEFORE_VERBS = new Set('to please i we you they can could will would should lets let’s'.split(' '));

/**
 * The parts of speech a word can take where it stands, guessed from its neighbour (enough to keep "book" a
 * verb in "book a flight" and a noun in "a book"): the first word of a request, or one after "to" or a
 * subject, is a verb; one after a determiner or preposition a noun or adjective; any other could be either.
 * Adverbs are never swapped: WordNet's include the particles of phrasal verbs ("turn off" → "turn away").
 */
export function likelyPartsOfSpeech(tokens: Tokens, index: number, lang: Lang): PartOfSpeech[] {
  const previous = index > 0 ? bareToken(tokens[index - 1] ?? '', lang) : '';
  if (index === 0 || BEFORE_VERBS.has(previous)) return ['verb'];
  if (DETERMINERS.has(previous)) return ['noun', 'adj'];
  return ['noun', 'adj', 'verb'];
}

/**
 * The lexicon's synonyms of the word at `index`, in the part of speech it has there. A word used in more
 * than one of the parts of speech its place allows keeps its words: "what does obsessed mean" (a verb, whose
 * adjective would be "average"), "the stock prices" (noun or adjective).
 */
function lexiconSynonymsAt(tokens: Tokens, index: number, lang: Lang, lexicon: Lexicon): string[] {
  const token = tokens[index] ?? '';
  // A capital inside the message marks a name ("Paris", "Turkish Airlines"): names keep their words.
  if (index > 0 && /^\p{Lu}/u.test(token)) return [];
  const word = bareToken(token, lang);
  if (word.length < 3 || functionWords(lang).has(word) || isKeptWord(word, lang)) return [];
  const wanted = likelyPartsOfSpeech(tokens, index, lang);
  const fitting = (lexicon.synonyms?.(word) ?? []).filter((set) => wanted.includes(set.pos));
  return fitting.length === 1 ? [...(fitting[0]?.words ?? [])] : [];
}

/** Swaps a content word for one of the lexicon's synonyms ("buy" → "purchase", "large" → "big"). */
export function lexiconSynonymChanges(tokens: Tokens, lang: Lang, lexicon: Lexicon | undefined): Change[] {
  if (!lexicon?.synonyms) return [];
  const changes: Change[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const word = bareToken(tokens[index] ?? '', lang);
    if (lexiconSynonymsAt(tokens, index, lang, lexicon).length === 0) continue;
    changes.push({
      kind: 'synonym',
      weight: 3,
      apply: (current, random) => {
        // The word may have moved (politeness added before it); find it again.
        const at = findPhrase(current, word, lang);
        const to = at < 0 ? undefined : pick(lexiconSynonymsAt(current, at, lang, lexicon), random);
        return at < 0 || to === undefined ? null : replaceAt(current, at, 1, to);
      },
    });
  }
  return changes;
}
