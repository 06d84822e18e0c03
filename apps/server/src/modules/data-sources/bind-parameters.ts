/** How a driver writes a bound parameter: mysql2 `?`, pg `$1`, mssql `@p1`. */
export type PlaceholderStyle = 'question' | 'dollar' | 'at';

export interface BoundStatement {
  /** the owner's SQL with each `{{name}}` replaced by a placeholder; no value is ever written into it */
  text: string;
  /** the values in placeholder order (`@p1` is params[0]); a name the turn does not know binds null */
  params: (string | null)[];
}

/**
 * `{{name}}`, or `'{{name}}'` / `"{{name}}"` as owners used to write when values were spliced: the quotes
 * belong to the placeholder, since a bound value needs none.
 */
const PLACEHOLDER = /(['"]?)\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}\1/gu;

function placeholderOf(style: PlaceholderStyle, position: number): string {
  if (style === 'question') return '?';
  return style === 'dollar' ? `$${position}` : `@p${position}`;
}

/**
 * The owner's SQL with every `{{name}}` as a bound parameter of the driver's style, one parameter per
 * occurrence (PLATFORM-NOTES "Owners' SQL": a sender's value never becomes SQL text).
 */
export function bindParameters(
  sql: string,
  values: Readonly<Record<string, string>>,
  style: PlaceholderStyle,
): BoundStatement {
  const params: (string | null)[] = [];
  const text = sql.replace(PLACEHOLDER, (_whole, _quote: string, name: string) => {
    params.push(Object.hasOwn(values, name) ? (values[name] ?? null) : null);
    return placeholderOf(style, params.length);
  });
  return { text, params };
}

/** The statement without the semicolons and blanks an owner may end it with (a cursor or batch wraps it). */
export function withoutTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}
