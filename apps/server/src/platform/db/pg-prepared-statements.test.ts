import { describe, expect, it } from 'vitest';
import { PreparedStatementNames } from './pg-prepared-statements.ts';

describe('names of PostgreSQL prepared statements', () => {
  it('names SQL with parameters from its second use on, the same name each time', () => {
    const names = new PreparedStatementNames();
    const select = 'select "bank" from "sender_banks" where "sender_id" = $1';
    expect(names.nameOf(select, 1)).toBeUndefined();
    const name = names.nameOf(select, 1);
    expect(name).toEqual(expect.any(String));
    expect(names.nameOf(select, 1)).toBe(name);
    expect(names.nameOf('select 1', 0)).toBeUndefined();
    expect(names.nameOf('select 1', 0)).toBeUndefined();
  });

  it('leaves a statement that matches a parameter with LIKE unnamed, so each pattern gets its own plan', () => {
    const names = new PreparedStatementNames();
    const like = `select "_id" from "dataset_records" where "ds_id" = $1 and "folded_text" like $2 escape '\\'`;
    for (let run = 0; run < 3; run += 1) expect(names.nameOf(like, 2)).toBeUndefined();
    const literal = `select "_id" from "dataset_records" where "ds_id" = $1 and "folded_text" like '%a%'`;
    names.nameOf(literal, 1);
    expect(names.nameOf(literal, 1)).toEqual(expect.any(String));
  });

  it('names at most `limit` distinct statements', () => {
    const names = new PreparedStatementNames(2);
    const named = ['a', 'b', 'c'].map((table) => {
      const sql = `select * from "${table}" where "id" = $1`;
      names.nameOf(sql, 1);
      return names.nameOf(sql, 1);
    });
    expect(named.filter((name) => name !== undefined)).toHaveLength(2);
    expect(new Set(named).size).toBe(3);
  });
});
