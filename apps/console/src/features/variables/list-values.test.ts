import type { VariableLabel } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { addValues, hasValue, listFieldsOf, listValuesOf } from './list-values.ts';

/**
 * What list extraction reads of a stored list (packages/nlu `matchList`): each phrase it looks for and the value
 * it answers — a label's keyword and synonyms answer the keyword, a plain value answers itself.
 */
function phrasesRead(values: string[], labels: VariableLabel[]): string[] {
  const pairs = [
    ...labels.flatMap((label) => [label.keyword, ...label.syns].map((text) => `${text} → ${label.keyword}`)),
    ...values.map((value) => `${value} → ${value}`),
  ];
  return [...new Set(pairs)].sort();
}

const storedShapes: { name: string; values: string[]; labels: VariableLabel[] }[] = [
  { name: 'values only', values: ['small', 'large'], labels: [] },
  {
    name: 'labels only (typed as keywords before)',
    values: [],
    labels: [
      { keyword: 'small', syns: ['tiny', 'little'] },
      { keyword: 'large', syns: [] },
    ],
  },
  {
    name: 'values and labels, overlapping',
    values: ['Cairo', 'Giza'],
    labels: [
      { keyword: 'Cairo', syns: ['Al Qahira', 'القاهرة'] },
      { keyword: 'Luxor', syns: ['الأقصر'] },
    ],
  },
  {
    name: 'one keyword in two labels',
    values: ['tea'],
    labels: [
      { keyword: 'tea', syns: ['chai'] },
      { keyword: 'tea', syns: ['شاي', 'chai'] },
    ],
  },
];

describe('list values', () => {
  it('open every stored value and label keyword once, values first, with all their synonyms', () => {
    expect(
      listValuesOf(
        ['Cairo', 'Giza'],
        [
          { keyword: 'Luxor', syns: ['الأقصر'] },
          { keyword: 'Cairo', syns: ['Al Qahira'] },
          { keyword: 'cairo ', syns: ['القاهرة', 'al qahira'] },
        ],
      ),
    ).toEqual([
      { value: 'Cairo', synonyms: ['Al Qahira', 'القاهرة'] },
      { value: 'Giza', synonyms: [] },
      { value: 'Luxor', synonyms: ['الأقصر'] },
    ]);
  });

  for (const shape of storedShapes) {
    it(`save what the runtime reads the same as before (${shape.name})`, () => {
      const saved = listFieldsOf(listValuesOf(shape.values, shape.labels));
      expect(phrasesRead(saved.var_val_list, saved.var_labels)).toEqual(
        phrasesRead([...shape.values, ...shape.labels.map((label) => label.keyword)], shape.labels),
      );
      // saving again changes nothing
      expect(listFieldsOf(listValuesOf(saved.var_val_list, saved.var_labels))).toEqual(saved);
    });
  }

  it('store every value in the values list and a label only for values with synonyms', () => {
    expect(
      listFieldsOf([
        { value: ' small ', synonyms: ['tiny'] },
        { value: 'large', synonyms: [] },
        { value: '', synonyms: [] },
      ]),
    ).toEqual({ var_val_list: ['small', 'large'], var_labels: [{ keyword: 'small', syns: ['tiny'] }] });
  });

  it('add new values in order, without blanks, nulls or values the list has', () => {
    const added = addValues(
      [{ value: 'Cairo', synonyms: ['Al Qahira'] }],
      ['Giza', ' cairo', '', null, 2, 'Giza'],
    );
    expect(added).toEqual([
      { value: 'Cairo', synonyms: ['Al Qahira'] },
      { value: 'Giza', synonyms: [] },
      { value: '2', synonyms: [] },
    ]);
    expect(hasValue(added, 'GIZA ')).toBe(true);
    expect(hasValue(added, 'Luxor')).toBe(false);
  });
});
