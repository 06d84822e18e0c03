import { type Lexicon, useLexicon } from '@hiwar/nlu';
import { loadWordNet } from '@hiwar/wordnet';

let english: Lexicon | undefined;

/**
 * Registers the lexicons the engine's models use: English WordNet (read on first use). English models trained
 * with it need it to predict, so every thread that trains or predicts calls this first: the app when it is
 * built, and the training worker.
 */
export function registerLexicons(): void {
  if (english) return;
  english = loadWordNet();
  useLexicon(english);
}

/**
 * Reads the lexicons' files now (about a second) instead of on the first English message, whose answer would
 * wait for them: the server calls it before it listens.
 */
export function warmLexicons(): void {
  registerLexicons();
  english?.concepts('weather');
}
