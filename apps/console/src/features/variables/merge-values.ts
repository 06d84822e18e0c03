/**
 * Spec §4: the values of a dataset field are merged into a datasetList's values without duplicates. Existing
 * values keep their order; new ones follow in the order the dataset gave them. Values are compared trimmed.
 */
export function mergeValues(current: readonly string[], incoming: readonly unknown[]): string[] {
  const merged = [...current];
  const seen = new Set(current.map((value) => value.trim()));
  for (const raw of incoming) {
    if (raw === null || raw === undefined) continue;
    const value = String(raw).trim();
    if (value === '' || seen.has(value)) continue;
    seen.add(value);
    merged.push(value);
  }
  return merged;
}
