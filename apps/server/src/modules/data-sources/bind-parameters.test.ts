import { describe, expect, it } from 'vitest';
import { bindParameters, withoutTrailingSemicolons } from './bind-parameters.ts';

const values = { city: 'Cairo', name: "'; DROP TABLE x; --" };
const sql = "SELECT * FROM people WHERE city = {{city}} AND name = '{{ name }}' OR alias = {{name}}";

describe('bindParameters', () => {
  it.each([
    ['question', 'SELECT * FROM people WHERE city = ? AND name = ? OR alias = ?'],
    ['dollar', 'SELECT * FROM people WHERE city = $1 AND name = $2 OR alias = $3'],
    ['at', 'SELECT * FROM people WHERE city = @p1 AND name = @p2 OR alias = @p3'],
  ] as const)('writes %s placeholders and keeps every value out of the SQL', (style, text) => {
    const bound = bindParameters(sql, values, style);
    expect(bound.text).toBe(text);
    expect(bound.params).toEqual(['Cairo', values.name, values.name]);
  });

  it('binds null for a name the turn does not know, and leaves SQL without placeholders alone', () => {
    expect(bindParameters('SELECT {{missing}}', values, 'at')).toEqual({
      text: 'SELECT @p1',
      params: [null],
    });
    expect(bindParameters("SELECT 'a?b'", values, 'question')).toEqual({ text: "SELECT 'a?b'", params: [] });
  });

  it('drops the semicolons an owner ends a statement with', () => {
    expect(withoutTrailingSemicolons('SELECT 1;  \n; ')).toBe('SELECT 1');
  });
});
