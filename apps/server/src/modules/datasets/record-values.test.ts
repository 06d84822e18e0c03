import { datasetMessages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { checkRecordValues, convertFieldValue, searchTextOf } from './record-values.ts';

const schema = [
  { name: 'name', type: 'text' as const, permission: 'rw' as const },
  { name: 'price', type: 'number' as const, permission: 'rw' as const },
  { name: 'tags', type: 'list' as const, permission: 'rw' as const },
  { name: 'place', type: 'location' as const, permission: 'rw' as const },
  { name: 'photo', type: 'image' as const, permission: 'rw' as const },
];

describe('checkRecordValues', () => {
  it('stores numbers as numbers, lists as trimmed texts and empty values as null', () => {
    const checked = checkRecordValues(
      schema,
      {
        name: 'Tea',
        price: '12.5',
        tags: ' hot, drink ,',
        place: { type: 'Point', coordinates: ['31.2', 30.04], address: 'Cairo' },
        photo: '',
      },
      'record.',
    );
    expect(checked.errors).toEqual({});
    expect(checked.values).toEqual({
      name: 'Tea',
      price: 12.5,
      tags: ['hot', 'drink'],
      place: { type: 'Point', coordinates: [31.2, 30.04], address: 'Cairo' },
      photo: null,
    });
  });

  it('names every field whose value does not fit its type, and fields missing from the schema', () => {
    const checked = checkRecordValues(
      schema,
      {
        price: '12a',
        tags: { a: 1 },
        place: { coordinates: [200, 10] },
        photo: 'javascript:alert(1)',
        colour: 'red',
      },
      'record.',
    );
    expect(checked.errors).toEqual({
      'record.price': [datasetMessages.numberInvalid],
      'record.tags': [datasetMessages.listInvalid],
      'record.place': [datasetMessages.locationInvalid],
      'record.photo': [datasetMessages.imageInvalid],
      'record.colour': [datasetMessages.fieldUnknown],
    });
  });

  it('accepts an uploaded image path and an https link, refuses a protocol-relative one', () => {
    expect(checkRecordValues(schema, { photo: '/uploads/a.png' }, '').errors).toEqual({});
    expect(checkRecordValues(schema, { photo: 'https://example.com/a.png' }, '').errors).toEqual({});
    expect(checkRecordValues(schema, { photo: '//evil.example/a.png' }, '').errors).toEqual({
      photo: [datasetMessages.imageInvalid],
    });
  });
});

describe('convertFieldValue', () => {
  it('keeps the words as text, keeps fitting values and clears the rest', () => {
    expect(convertFieldValue(['a', 'b'], 'text')).toBe('a, b');
    expect(convertFieldValue({ type: 'Point', coordinates: [1, 2], address: 'Giza' }, 'text')).toBe('Giza');
    expect(convertFieldValue('42', 'number')).toBe(42);
    expect(convertFieldValue('forty', 'number')).toBeNull();
    expect(convertFieldValue('a,b', 'list')).toEqual(['a', 'b']);
  });
});

describe('searchTextOf', () => {
  it('lowercases every value, one line per value so a keyword never spans two fields', () => {
    expect(searchTextOf({ name: 'Green Tea', price: 3, tags: ['Hot'], photo: null })).toBe(
      'green tea\n3\nhot',
    );
  });
});
