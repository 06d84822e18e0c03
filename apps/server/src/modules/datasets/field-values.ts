/** A record value as list text: numbers and booleans as text, location objects by their address. */
export function textsOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === 'string') return [value.trim()];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value === 'object' && 'address' in value)
    return textsOf((value as { address: unknown }).address);
  return [];
}

/**
 * The distinct non-empty values of one field across records, in first-seen order. List fields contribute each
 * item, so a datasetList variable can merge them into its values list.
 */
export function distinctFieldValues(records: Record<string, unknown>[], field: string): string[] {
  const seen = new Set<string>();
  for (const record of records) {
    for (const text of textsOf(record[field])) {
      if (text !== '') seen.add(text);
    }
  }
  return [...seen];
}
