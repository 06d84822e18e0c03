import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, so an Arabic file name survives', () => {
    const header = `attachment; filename="_.csv"; filename*=UTF-8''${encodeURIComponent('قائمة الطعام.csv')}`;
    expect(fileNameOf(header, 'fallback.csv')).toBe('قائمة الطعام.csv');
  });

  it('reads the plain name, quoted or not, and falls back to it when the UTF-8 name is malformed', () => {
    expect(fileNameOf('attachment; filename="menu.json"', 'x')).toBe('menu.json');
    expect(fileNameOf('attachment; filename=menu.json', 'x')).toBe('menu.json');
    expect(fileNameOf(`attachment; filename="menu.csv"; filename*=UTF-8''%E0%A4`, 'x')).toBe('menu.csv');
  });

  it('answers the fallback when the header names no file', () => {
    expect(fileNameOf(null, 'Menu.csv')).toBe('Menu.csv');
    expect(fileNameOf('attachment', 'Menu.csv')).toBe('Menu.csv');
  });
});
