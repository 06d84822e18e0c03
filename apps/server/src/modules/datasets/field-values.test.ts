import { describe, expect, it } from 'vitest';
import { distinctFieldValues } from './field-values.ts';

describe('distinctFieldValues', () => {
  it('keeps each non-empty value once, in first-seen order', () => {
    const records = [{ city: 'Cairo' }, { city: ' ' }, { city: 'Berlin' }, { city: 'Cairo' }, {}];
    expect(distinctFieldValues(records, 'city')).toEqual(['Cairo', 'Berlin']);
  });

  it('spreads list values, writes numbers as text and reads locations by address', () => {
    const records = [
      { tags: ['tea', 'coffee'], price: 3, place: { type: 'Point', coordinates: [31, 30], address: 'Giza' } },
      { tags: ['coffee', 'juice'], price: 3.5, place: null },
    ];
    expect(distinctFieldValues(records, 'tags')).toEqual(['tea', 'coffee', 'juice']);
    expect(distinctFieldValues(records, 'price')).toEqual(['3', '3.5']);
    expect(distinctFieldValues(records, 'place')).toEqual(['Giza']);
  });
});
