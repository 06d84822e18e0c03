import { describe, expect, it } from 'vitest';
import { parseHeaderText } from './outbound-actions.ts';
import { apiRequestOf } from './perform-action.ts';

describe('the headers an owner types', () => {
  it('reads a JSON object or one `Name: value` a line, with placeholders filled in', () => {
    const values = { token: 'abc', name: 'Sam' };
    expect(parseHeaderText('{"Authorization": "Bearer {{token}}", "X-Count": 3}', values)).toEqual({
      Authorization: 'Bearer abc',
      'X-Count': '3',
    });
    expect(
      parseHeaderText('Authorization: Bearer {{token}}\r\nX-Name:{{name}}\n\nnot a header', values),
    ).toEqual({
      Authorization: 'Bearer abc',
      'X-Name': 'Sam',
    });
  });

  it('leaves out a header whose filled-in value would break the line, and names that are not header names', () => {
    const values = { name: 'Sam\r\nX-Injected: yes' };
    expect(parseHeaderText('X-Name: {{name}}\nBad Name: x\nX-Ok: 1', values)).toEqual({ 'X-Ok': '1' });
    expect(parseHeaderText('{"X-Name": "{{name}}", "Bad Name": "x"}', values)).toEqual({});
  });
});

describe('the request of an api action', () => {
  const action = {
    kind: 'api' as const,
    url: 'https://example.com/hook?source=bot',
    headers: { 'X-Key': 'k' },
    params: { name: 'Sam Lee', city: 'القاهرة' },
  };

  it('puts the parameters in the query for get', () => {
    const request = apiRequestOf({ ...action, requestType: 'get' });
    expect(request.method).toBe('GET');
    expect(new URL(request.url).searchParams.get('source')).toBe('bot');
    expect(new URL(request.url).searchParams.get('city')).toBe('القاهرة');
    expect(request.body).toBeUndefined();
  });

  it('sends JSON for post and a form for pars', () => {
    const post = apiRequestOf({ ...action, requestType: 'post' });
    expect(post.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post.body ?? '')).toEqual(action.params);
    const form = apiRequestOf({ ...action, requestType: 'pars' });
    expect(form.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(form.body))).toEqual(action.params);
  });
});

describe('the parameters of an api action', () => {
  it('take the variable, else the default; a pars parameter (neither) the sender’s variable of its name', async () => {
    const { parameterValue } = await import('./parameter-values.ts');
    const sources = { variables: [], vars: { city: 'Cairo', name: 'Sam' }, placeholders: { name: 'Sam' } };
    const parameter = { var_id: null, var_name: '', var_default_value: '' };
    expect(parameterValue({ ...parameter, name: 'city' }, sources)).toBe('Cairo');
    expect(parameterValue({ ...parameter, name: 'zip' }, sources)).toBeUndefined();
    expect(parameterValue({ ...parameter, name: 'city', var_default_value: 'Hi {{name}}' }, sources)).toBe(
      'Hi Sam',
    );
    expect(parameterValue({ ...parameter, name: 'who', var_name: 'name' }, sources)).toBe('Sam');
  });
});
