import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF, a BOM and no final break', () => {
    const text = '\uFEFFname,notes\r\n"Tea, green","say ""hi""\nthen go"\nCoffee,\n\n,last';
    expect(parseCsv(text)).toEqual([
      ['name', 'notes'],
      ['Tea, green', 'say "hi"\nthen go'],
      ['Coffee', ''],
      ['', 'last'],
    ]);
  });

  it('refuses a quoted cell that never closes', () => {
    expect(parseCsv('name\n"open')).toBeUndefined();
  });
});

describe('toCsv', () => {
  it('quotes what needs it, keeps numbers, and defuses formula-like texts', () => {
    expect(toCsv([['a,b', 'say "hi"', -5, '-5', '=SUM(A1)']])).toBe(
      '"a,b","say ""hi""",-5,\'-5,\'=SUM(A1)\r\n',
    );
  });

  it('reads back what it writes', () => {
    const rows = [
      ['name', 'tags'],
      ['Tea, "green"', 'hot, drink'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});
