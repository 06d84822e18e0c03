import { describe, expect, it } from 'vitest';
import { mapListQuery, mapMessages, saveLocationRequest } from './map.ts';

const location = { title: 'Gate', x: 1, y: 2, yaw: 3, map_id: 4 };

function errorsOf(value: unknown): Record<string, string> {
  const result = saveLocationRequest.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('saveLocationRequest', () => {
  it('reads decimals written as numbers or as plain decimal text, and a map id as text', () => {
    expect(
      saveLocationRequest.parse({ ...location, x: '-0.5', y: ' 30.044420 ', yaw: '360', map_id: '7' }),
    ).toEqual({ title: 'Gate', x: -0.5, y: 30.04442, yaw: 360, map_id: 7 });
    expect(saveLocationRequest.parse({ ...location, x: '0.123456789012345678' }).x).toBe(0.12345678901234568);
  });

  it.each([
    '1e3',
    '0x10',
    '1.',
    '.5',
    '1,5',
    '--1',
    '+1',
    '01',
    'NaN',
    '0.1234567890123456789',
    '12345678901',
  ])('refuses %j as x with the decimal message', (x) => {
    expect(errorsOf({ ...location, x })).toEqual({ x: mapMessages.decimalInvalid });
  });

  it('refuses numbers past a billion either way', () => {
    expect(errorsOf({ ...location, y: -1e9 - 1 })).toEqual({ y: mapMessages.decimalInvalid });
    expect(errorsOf({ ...location, yaw: 1e9 + 0.5 })).toEqual({ yaw: mapMessages.decimalInvalid });
  });

  it('answers each field its required message when empty or missing', () => {
    expect(errorsOf({ title: '  ', x: '', y: null, map_id: 0 })).toEqual({
      title: mapMessages.titleRequired,
      x: mapMessages.xRequired,
      y: mapMessages.yRequired,
      yaw: mapMessages.yawRequired,
      map_id: mapMessages.mapRequired,
    });
  });
});

describe('mapListQuery', () => {
  it('reads page 0 or none as page 1 and trims the keyword', () => {
    expect(mapListQuery.parse({})).toEqual({ page: 1, keyword: '' });
    expect(mapListQuery.parse({ page: '0', keyword: ' mall ' })).toEqual({ page: 1, keyword: 'mall' });
    expect(mapListQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});
