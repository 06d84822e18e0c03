/**
 * Text a database cannot store, found before any contract schema runs. PostgreSQL refuses a NUL character in
 * text (and in JSON text it parses); a lone UTF-16 surrogate is not a character at all and cannot be encoded
 * as UTF-8 without losing it. Deep nesting is refused here too: no contract nests deeper than a few levels,
 * and recursive schemas would otherwise walk whatever depth a client sends.
 */

/** NUL, or a surrogate without its partner (in a `u` regex a well-formed pair is one code point, not \p{Cs}). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character looked for
const UNSTORABLE_CHARACTER = /[\u0000\p{Cs}]/u;
const UNSTORABLE_CHARACTERS = new RegExp(UNSTORABLE_CHARACTER.source, 'gu');

/** How deep arrays and objects may nest in a request; the deepest contract (persistent menus) nests 8 levels. */
export const MAX_NESTING_DEPTH = 32;

export type RequestPath = (string | number)[];

export interface UnstorableInput {
  path: RequestPath;
  problem: 'character' | 'nesting';
}

export function hasUnstorableCharacter(text: string): boolean {
  return UNSTORABLE_CHARACTER.test(text);
}

/**
 * Arrays and objects are walked, whatever their prototype (the router's params and the query string parser's
 * objects have their own); an uploaded file's bytes are not text.
 */
function childrenOf(value: object): Iterable<[string | number, unknown]> | null {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  return Array.isArray(value) ? value.entries() : Object.entries(value);
}

/** A string or key holding an unstorable character, or a value nested too deeply (walked without recursion). */
export function findUnstorableInput(input: unknown): UnstorableInput | null {
  const pending: { value: unknown; path: RequestPath }[] = [{ value: input, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (hasUnstorableCharacter(value)) return { path, problem: 'character' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const children = childrenOf(value);
    if (!children) continue;
    if (path.length >= MAX_NESTING_DEPTH) return { path, problem: 'nesting' };
    for (const [key, child] of children) {
      const childPath = [...path, key];
      if (typeof key === 'string' && hasUnstorableCharacter(key)) {
        // the field is named with the bad characters replaced, so the answer itself stays storable text
        return { path: [...path, key.replace(UNSTORABLE_CHARACTERS, '\uFFFD')], problem: 'character' };
      }
      pending.push({ value: child, path: childPath });
    }
  }
  return null;
}
