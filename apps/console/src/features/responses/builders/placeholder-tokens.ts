/**
 * The `@f @d @v @m` autocomplete (spec part 2 §9): typing a token kind opens a list of names of that kind; the
 * pick replaces the token (and what was typed after it) with a `{{name}}` placeholder.
 */
export const placeholderKinds = ['f', 'd', 'v', 'm'] as const;
export type PlaceholderKind = (typeof placeholderKinds)[number];

/** The names offered per token: fields of the struct context, dataset columns, variables, menu fields. */
export type PlaceholderLists = Partial<Record<PlaceholderKind, readonly string[]>>;

export interface OpenToken {
  kind: PlaceholderKind;
  /** what was typed after `@x` */
  query: string;
  /** where `@` stands */
  start: number;
  /** the caret */
  end: number;
}

const TOKEN_BEFORE_CARET = /(^|[^\w@])@([fdvm])([\p{L}\p{N}_.-]*)$/u;

/** The token the caret ends, if any. */
export function tokenAt(text: string, caret: number): OpenToken | null {
  const match = TOKEN_BEFORE_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[3] ?? '';
  return { kind: match[2] as PlaceholderKind, query, start: caret - query.length - 2, end: caret };
}

/** The names of the token's kind that contain what was typed (case ignored), at most 50. */
export function matchingNames(lists: PlaceholderLists, token: OpenToken): string[] {
  const query = token.query.toLowerCase();
  return (lists[token.kind] ?? []).filter((name) => name.toLowerCase().includes(query)).slice(0, 50);
}

/** Puts `inserted` in place of [start, end) and answers the new text and where the caret goes. */
export function replaceRange(text: string, start: number, end: number, inserted: string) {
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}

export function insertPlaceholder(text: string, token: OpenToken, name: string) {
  return replaceRange(text, token.start, token.end, `{{${name}}}`);
}
