import { normalizeText } from '../text/normalize.ts';
import { tokenize } from '../text/tokenize.ts';
import type { Model } from './types.ts';

/** The words of a text as matching compares them: normalised, without punctuation, single-spaced. */
function wordsOf(text: string, model: Model): string {
  return tokenize(normalizeText(text, model.lang)).join(' ');
}

/** Per model: each example's words → its command; null when two commands have an example with those words. */
const indexes = new WeakMap<Model, Map<string, string | null>>();

function indexOf(model: Model): Map<string, string | null> {
  let index = indexes.get(model);
  if (index) return index;
  index = new Map();
  for (const example of model.examples) {
    const words = wordsOf(example.text, model);
    if (words === '') continue;
    const known = index.get(words);
    index.set(words, known === undefined || known === example.command ? example.command : null);
  }
  indexes.set(model, index);
  return index;
}

/**
 * The command of the example whose words the message is (up to case, accents and punctuation), unless examples
 * of two commands have them. Such a message is that command whatever the classifier says: an example added since
 * the last full training (`addExample` keeps the classifier and its threshold) is matched by its own words at
 * once, and an owner who typed an example gets it back.
 */
export function exampleCommandOf(model: Model, text: string): string | undefined {
  return indexOf(model).get(wordsOf(text, model)) ?? undefined;
}
