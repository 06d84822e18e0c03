import { describe, expect, it } from 'vitest';
import { findUnstorableInput, hasUnstorableCharacter, MAX_NESTING_DEPTH } from './storable-text.ts';

function nestedArrays(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('storable text', () => {
  it.each([
    ['a NUL character', 'a\u0000b', true],
    ['a lone high surrogate', 'a\ud800b', true],
    ['a lone low surrogate', '\udc00', true],
    ['a surrogate pair (an emoji)', 'pizza 🍕', false],
    ['Arabic and German text', 'مرحبا Grüße', false],
    ['other control characters', 'tab\there\nnewline\u0001', false],
  ])('judges %s', (_case, text, unstorable) => {
    expect(hasUnstorableCharacter(text)).toBe(unstorable);
  });

  it('names the path of the first unstorable string, in arrays and objects', () => {
    expect(findUnstorableInput({ record: { items: ['fine', { text: 'x\u0000' }] } })).toEqual({
      path: ['record', 'items', 1, 'text'],
      problem: 'character',
    });
    expect(findUnstorableInput('\ud83d')).toEqual({ path: [], problem: 'character' });
  });

  it('checks keys too, naming them with the bad characters replaced', () => {
    expect(findUnstorableInput({ vars: { 'a\u0000': 1 } })).toEqual({
      path: ['vars', 'a\ufffd'],
      problem: 'character',
    });
  });

  it('walks objects of any prototype (router params, parsed query strings)', () => {
    const params = Object.assign(Object.create(null), { bot: '\u0000' });
    class Query {
      search = 'x\udfff';
    }
    expect(findUnstorableInput(params)?.path).toEqual(['bot']);
    expect(findUnstorableInput(new Query())?.path).toEqual(['search']);
  });

  it('does not read the bytes of uploaded files as text', () => {
    expect(findUnstorableInput({ avatar: { bytes: Buffer.from([0, 0xd8, 0]) } })).toBeNull();
  });

  it('accepts nesting up to the limit and refuses deeper, without recursion even at 100,000 levels', () => {
    expect(findUnstorableInput(nestedArrays(MAX_NESTING_DEPTH))).toBeNull();
    expect(findUnstorableInput(nestedArrays(MAX_NESTING_DEPTH + 1))).toEqual({
      path: Array(MAX_NESTING_DEPTH).fill(0),
      problem: 'nesting',
    });
    expect(findUnstorableInput(nestedArrays(100_000))?.problem).toBe('nesting');
  });

  it('accepts ordinary values', () => {
    expect(findUnstorableInput({ n: 1, b: true, z: null, list: [1, 'two', { three: 3 }] })).toBeNull();
  });
});
