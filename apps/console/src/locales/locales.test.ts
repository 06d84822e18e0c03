import { messages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('locale files', () => {
  it('give English and Arabic the same keys', () => {
    expect(keysOf(ar).sort()).toEqual(keysOf(en).sort());
  });

  it('translate every message of the contracts catalogue, English matching the server text', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(en.messages[key as keyof typeof en.messages]).toBe(text);
      expect(ar.messages[key as keyof typeof ar.messages]).toMatch(/\S/);
    }
  });
});
