import { describe, expect, it } from 'vitest';
import { decodeFloats, decodeInts, encodeFloats, encodeInts } from './encode.ts';

describe('weight encoding', () => {
  it('writes standard base64 for every padding length', () => {
    for (const length of [1, 2, 3, 4, 5, 6, 7]) {
      const values = Int32Array.from({ length }, (_, index) => (index * 2654435761) | 0);
      const expected = Buffer.from(values.buffer).toString('base64');
      expect(encodeInts(values)).toBe(expected);
      expect(Array.from(decodeInts(encodeInts(values)))).toEqual(Array.from(values));
    }
  });

  it('reads floats back bit for bit', () => {
    const values = Float32Array.from([0, -1.5, Math.PI, 1e-30, -3.4e38]);
    expect(Array.from(decodeFloats(encodeFloats(values)))).toEqual(Array.from(values));
  });
});
