import type { Lang } from '@hiwar/nlu';
import { foldText } from '../datasets/dataset-record-match.ts';

/**
 * Words that end a question the bot is asking, so a customer who types "cancel" is not asked for a dish again
 * and again. Each language's own, folded as the datasets' search folds text (lower case; Arabic alef forms,
 * ة, ى, marks; umlauts), matched as the whole message or as a short message that holds one of them.
 */
export const EXIT_WORDS: Record<Lang, readonly string[]> = {
  en: [
    'cancel',
    'stop',
    'never mind',
    'nevermind',
    'forget it',
    'quit',
    'exit',
    'abort',
    'no thanks',
    'skip',
  ],
  ar: [
    'إلغاء',
    'الغاء',
    'الغي',
    'ألغي',
    'خلاص',
    'توقف',
    'وقف',
    'انسى',
    'انس',
    'بلاش',
    'لا شكرا',
    'كفاية',
    'خروج',
  ],
  de: ['abbrechen', 'stopp', 'stop', 'vergiss es', 'nein danke', 'beenden', 'lass es', 'abbruch'],
};

/** A message of at most this many words may hold an exit word among others ("ok cancel please"). */
const SHORT_MESSAGE_WORDS = 4;

/** The words of a text folded as the datasets' search folds them, without punctuation. */
export function foldedWords(text: string): string[] {
  return foldText(text)
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function holds(words: string[], phrase: string[]): boolean {
  if (phrase.length === 0 || phrase.length > words.length) return false;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

/** Every language's built-in phrases as their folded words, folded once: a customer may switch language. */
type Phrase = { phrase: string; words: string[] };
const phraseOf = (phrase: string): Phrase => ({ phrase, words: foldedWords(phrase) });
const BUILT_IN_PHRASES: readonly Phrase[] = [...EXIT_WORDS.en, ...EXIT_WORDS.ar, ...EXIT_WORDS.de].map(
  phraseOf,
);

/**
 * The exit phrase the message is, or holds when it is short, among the owner's and the built-in ones of all three
 * languages (a customer may switch); undefined when it is none.
 */
export function exitPhraseIn(text: string, ownerWords: readonly string[]): string | undefined {
  const words = foldedWords(text);
  if (words.length === 0 || words.length > SHORT_MESSAGE_WORDS) return undefined;
  const phrases = [...ownerWords.map(phraseOf), ...BUILT_IN_PHRASES];
  return phrases.find((candidate) => holds(words, candidate.words))?.phrase;
}
