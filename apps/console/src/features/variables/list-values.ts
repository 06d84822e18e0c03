import type { VariableLabel } from '@hiwar/contracts';

/**
 * One value of a list variable as the form edits it: the value itself and the synonyms that also mean it.
 * Stored, a value is an entry of `var_val_list` and, when it has synonyms, a label whose keyword it is
 * (`var_labels`): the runtime's list extraction answers a label's keyword for the keyword or any synonym, and a
 * plain value for itself (packages/nlu `matchList`), so a keyword is a value and the two need no separate lists.
 */
export interface ListValue {
  value: string;
  synonyms: string[];
}

/** Values and synonyms are compared the way list extraction reads them: trimmed, ignoring case. */
const sameText = (left: string, right: string) =>
  left.trim().localeCompare(right.trim(), undefined, { sensitivity: 'accent' }) === 0;

function withSynonyms(synonyms: readonly string[], more: readonly string[]): string[] {
  const merged = [...synonyms];
  for (const raw of more) {
    const synonym = raw.trim();
    if (synonym !== '' && !merged.some((known) => sameText(known, synonym))) merged.push(synonym);
  }
  return merged;
}

/** Whether the list already holds a value that reads as `text`. */
export function hasValue(values: readonly ListValue[], text: string): boolean {
  return values.some((entry) => sameText(entry.value, text));
}

/**
 * The values of a stored list: every `var_val_list` entry in its order, then every label keyword not among them,
 * each with the synonyms of every label that names it. Nothing stored is left out.
 */
export function listValuesOf(storedValues: readonly string[], labels: readonly VariableLabel[]): ListValue[] {
  const values: ListValue[] = [];
  const add = (text: string, synonyms: readonly string[]) => {
    const existing = values.find((entry) => sameText(entry.value, text));
    if (existing) existing.synonyms = withSynonyms(existing.synonyms, synonyms);
    else if (text.trim() !== '' || synonyms.length > 0)
      values.push({ value: text.trim(), synonyms: withSynonyms([], synonyms) });
  };
  for (const value of storedValues) add(value, []);
  for (const label of labels) add(label.keyword, label.syns);
  return values;
}

/**
 * What the server stores for the values: all of them in `var_val_list` (the contract's "values list"), and a
 * label for each value that has synonyms. Rows without a value are left out.
 */
export function listFieldsOf(values: readonly ListValue[]): {
  var_val_list: string[];
  var_labels: VariableLabel[];
} {
  const kept = listValuesOf([], values.filter((entry) => entry.value.trim() !== '').map(labelOf));
  return {
    var_val_list: kept.map((entry) => entry.value),
    var_labels: kept.filter((entry) => entry.synonyms.length > 0).map(labelOf),
  };
}

function labelOf(entry: ListValue): VariableLabel {
  return { keyword: entry.value, syns: entry.synonyms };
}

/**
 * The list with the given texts added as values, in their order, leaving out blanks and values it already
 * has (a datasetList's where-field values arrive this way, and several values typed at once).
 */
export function addValues(values: readonly ListValue[], incoming: readonly unknown[]): ListValue[] {
  const added = [...values];
  for (const raw of incoming) {
    if (raw === null || raw === undefined) continue;
    const value = String(raw).trim();
    if (value === '' || hasValue(added, value)) continue;
    added.push({ value, synonyms: [] });
  }
  return added;
}
