import { useLexicon } from '@hiwar/nlu';
import { loadWordNet } from '@hiwar/wordnet';

let registered = false;

/**
 * Registers the lexicons the engine's models use: English WordNet (read on first use). English models trained
 * with it need it to predict, so every thread that trains or predicts calls this first: the app when it is
 * built, and the training worker.
 */
export function registerLexicons(): void {
  if (registered) return;
  useLexicon(loadWordNet());
  registered = true;
}
