import { describe, expect, it } from 'vitest';
import { mergeValues } from './merge-values.ts';

describe('mergeValues', () => {
  it('appends only the values the list does not have yet, keeping the existing order', () => {
    expect(mergeValues(['Cairo', 'Giza'], ['Giza', 'Alexandria', 'Cairo', 'Luxor'])).toEqual([
      'Cairo',
      'Giza',
      'Alexandria',
      'Luxor',
    ]);
  });

  it('drops duplicates inside the incoming values and ignores blanks and nulls', () => {
    expect(mergeValues([], ['red', ' red ', '', null, 'blue', undefined, 'blue'])).toEqual(['red', 'blue']);
  });

  it('turns numeric field values into text', () => {
    expect(mergeValues(['1'], [1, 2, 2])).toEqual(['1', '2']);
  });
});
