import { describe, expect, it } from 'vitest';
import {
  addElement,
  elementProblem,
  operatorsFor,
  type QueryElementValue,
  querySyntaxOf,
  readDatasetQuery,
  removeElement,
} from './dataset-query-values.ts';

const element = (patch: Partial<QueryElementValue>): QueryElementValue => ({
  field_name: 'name',
  rel: '=',
  var_id: null,
  value: '',
  field_type: 'text',
  ...patch,
});

describe('dataset query values', () => {
  it('reads a stored config leniently: unknown operators as =, elements without a field and empty groups dropped', () => {
    const query = readDatasetQuery(
      {
        groups: [[{ field_name: 'name', rel: 'like', var_id: '11' }, { rel: '=' }], [], 'x'],
        resp: { via: 'card' },
      },
      5,
    );
    expect(query.groups).toEqual([[element({ rel: 'LIKE', var_id: 11 })]]);
    expect(query.resp).toEqual({ via: 'card', limit: 1 });
    expect(query.ds_id).toBe(5);
    expect(readDatasetQuery({ groups: [[{ field_name: 'a', rel: 'DROP' }]] }, null).groups[0]?.[0]?.rel).toBe(
      '=',
    );
  });

  it('offers NEARBY only for location fields', () => {
    expect(operatorsFor('location')).toEqual(['NEARBY']);
    expect(operatorsFor('number')).toEqual(['=', '!=', '>=', '<=', 'LIKE']);
  });

  it('needs a field, a variable or a value, a positive radius for NEARBY, and a group', () => {
    expect(elementProblem(element({ field_name: '0', var_id: 1 }), 0)).toBe('field');
    expect(elementProblem(element({}), 0)).toBe('value');
    expect(elementProblem(element({ value: 'x' }), -1)).toBe('group');
    expect(elementProblem(element({ rel: 'NEARBY', value: '-2' }), 0)).toBe('radius');
    expect(elementProblem(element({ rel: 'NEARBY', value: '' }), 0)).toBeNull();
    expect(elementProblem(element({ var_id: 3 }), 0)).toBeNull();
  });

  it('adds to a group or starts a new one, and drops a group left empty', () => {
    const one = element({ value: '1' });
    const two = element({ value: '2' });
    const groups = addElement(addElement([], one, 0), two, 1);
    expect(groups).toEqual([[one], [two]]);
    expect(addElement(groups, two, 0)).toEqual([[one, two], [two]]);
    expect(removeElement(groups, 0, 0)).toEqual([[two]]);
  });

  it('writes the query as one readable line', () => {
    const variables = [{ var_id: 11, var_name: 'city' }];
    const groups = [
      [element({ var_id: 11 }), element({ field_name: 'price', rel: '<=', value: '10' })],
      [element({ field_name: 'place', rel: 'NEARBY', value: '' })],
    ];
    expect(querySyntaxOf(groups, variables)).toBe(
      '(name = {{city}} AND price <= "10") OR (place NEARBY @location 5 km)',
    );
  });
});
