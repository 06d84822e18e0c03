import { type Random, shuffled } from '@hiwar/nlu';
import {
  DEEP,
  fieldPathsOf,
  isIntegerParameter,
  jsonTypeOf,
  jsonTypesOf,
  jsonWithDeepNesting,
  valueAt,
  withField,
  wrongTypesFor,
} from './fuzz-values.ts';
import type { ApiOperation } from './openapi-operations.ts';

/**
 * Hostile requests generated from an operation of the OpenAPI document: wrong types, missing fields, NUL and
 * lone surrogates, 100 KB strings, 10,000 levels of nesting, `__proto__` keys, bodies of the wrong shape, bad
 * path ids and broken multipart. Sampled with a seed, a few per kind, so a run is bounded and repeatable.
 */

export type FuzzKind =
  | 'path-id'
  | 'path-text'
  | 'query'
  | 'body-wrong-type'
  | 'body-missing-field'
  | 'body-unstorable-text'
  | 'body-long-text'
  | 'body-deep-nesting'
  | 'body-prototype-key'
  | 'body-shape'
  | 'multipart';

export interface FuzzCase {
  kind: FuzzKind;
  /** what was done, for the failure message */
  label: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** the raw body text, sent as is */
  body?: string;
  contentType?: string;
  /** the request breaks the contract for certain: the server must refuse it (4xx) */
  mustRefuse: boolean;
}

/** Where a case starts from: a request the operation accepts (from the isolation fixtures, or the schema). */
export interface FuzzBaseline {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** Path text as sent: ids z.coerce.number() used to read, and encodings that are not UTF-8 or are too long. */
const BAD_PATH_IDS = ['0x10', '%201', '1e1', '%2B1', '-0', '-1', '1.5', 'abc', '%00', '99999999999999999999'];
const BAD_PATH_TEXT = ['%00', `${'x'.repeat(300)}%00`, '%C0%AF'];
const LONG_TEXT = 'x'.repeat(100 * 1024);
const UNSTORABLE = ['a\u0000b', 'a\ud800b', '\udfff'];

type CaseOf = (kind: FuzzKind, label: string, change: Partial<FuzzCase>, mustRefuse: boolean) => FuzzCase;

function pathCases(operation: ApiOperation, caseOf: CaseOf, baseline: FuzzBaseline): FuzzCase[] {
  return operation.pathParameters.flatMap((parameter) => {
    const isId = isIntegerParameter(parameter.schema);
    return (isId ? BAD_PATH_IDS : BAD_PATH_TEXT).map((value) =>
      caseOf(
        isId ? 'path-id' : 'path-text',
        `path ${parameter.name}=${value.slice(0, 40)}`,
        { params: { ...baseline.params, [parameter.name]: value } },
        true,
      ),
    );
  });
}

function queryCases(operation: ApiOperation, caseOf: CaseOf, baseline: FuzzBaseline): FuzzCase[] {
  return operation.queryParameters.flatMap((parameter) => {
    const isNumber = isIntegerParameter(parameter.schema);
    const values = [UNSTORABLE[0] as string, LONG_TEXT, '', 'twelve', ...(isNumber ? ['0x10', '1e1'] : [])];
    return values.map((value) =>
      caseOf(
        'query',
        `query ${parameter.name}=${JSON.stringify(value.slice(0, 20))}${value.length > 20 ? '…' : ''}`,
        { query: { ...baseline.query, [parameter.name]: value } },
        value === UNSTORABLE[0] || (isNumber && value !== ''),
      ),
    );
  });
}

/** Bodies the JSON parser refuses whatever the route: prototype keys and malformed text (not for GET: unread). */
function parserCases(operation: ApiOperation, caseOf: CaseOf, baseline: FuzzBaseline): FuzzCase[] {
  if (operation.method === 'GET') return [];
  const fields = jsonTypeOf(baseline.body) === 'object' ? JSON.stringify(baseline.body).slice(1, -1) : '';
  const rest = fields ? `,${fields}` : '';
  return [
    caseOf(
      'body-prototype-key',
      '__proto__ at the top',
      { body: `{"__proto__":{"isAdmin":true}${rest}}` },
      true,
    ),
    caseOf(
      'body-prototype-key',
      'constructor.prototype',
      { body: `{"constructor":{"prototype":{}}${rest}}` },
      true,
    ),
    caseOf(
      'body-prototype-key',
      'nested __proto__',
      { body: `{"nested":{"__proto__":{"x":1}}${rest}}` },
      true,
    ),
    caseOf('body-shape', 'malformed JSON', { body: '{"unterminated": ' }, true),
  ];
}

function bodyCases(operation: ApiOperation, caseOf: CaseOf, baseline: FuzzBaseline): FuzzCase[] {
  if (!operation.body) return [];
  const json = (value: unknown) => JSON.stringify(value);
  const accepted = jsonTypesOf(operation.body);
  const cases = [[], 'text', 42, null, [baseline.body]].map((shape) =>
    caseOf(
      'body-shape',
      `the body ${json(shape).slice(0, 30)}`,
      { body: json(shape) },
      accepted !== null && !accepted.has(jsonTypeOf(shape)),
    ),
  );
  cases.push(
    caseOf('body-deep-nesting', 'the body nested 10,000 levels', { body: jsonWithDeepNesting(DEEP) }, true),
  );
  for (const path of fieldPathsOf(baseline.body)) {
    const name = path.join('.');
    const withValue = (value: unknown) => ({ body: json(withField(baseline.body, path, () => value)) });
    for (const wrong of wrongTypesFor(valueAt(baseline.body, path))) {
      cases.push(caseOf('body-wrong-type', `${name} = ${json(wrong)}`, withValue(wrong), false));
    }
    cases.push(caseOf('body-missing-field', `without ${name}`, withValue(undefined), false));
    for (const text of UNSTORABLE) {
      cases.push(caseOf('body-unstorable-text', `${name} = ${json(text)}`, withValue(text), true));
    }
    cases.push(caseOf('body-long-text', `${name} = 100 KB of text`, withValue(LONG_TEXT), false));
    const deep = { body: jsonWithDeepNesting(withField(baseline.body, path, () => DEEP)) };
    cases.push(caseOf('body-deep-nesting', `${name} nested 10,000 levels`, deep, true));
  }
  return cases;
}

function multipartCases(operation: ApiOperation, caseOf: CaseOf): FuzzCase[] {
  if (!operation.bodyTypes.includes('multipart/form-data')) return [];
  const field = (name: string, value: string) =>
    `--fz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const cutFile = '--fz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
  const withBoundary = 'multipart/form-data; boundary=fz';
  const multipart = (label: string, contentType: string, body: string) =>
    caseOf('multipart', label, { body, contentType }, true);
  return [
    multipart('no boundary', 'multipart/form-data', `${field('mode', '1')}--fz--\r\n`),
    multipart('a boundary of 300 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'),
    multipart('a file part cut short', withBoundary, cutFile),
    multipart(
      'a NUL in a field',
      withBoundary,
      `${field('mode', '3')}${field('cs_username', 'a\u0000b')}--fz--\r\n`,
    ),
    multipart('a __proto__ field', withBoundary, `${field('__proto__', '1')}--fz--\r\n`),
  ];
}

/** Every case the operation's contract suggests, before sampling. */
export function allCasesOf(operation: ApiOperation, baseline: FuzzBaseline): FuzzCase[] {
  // cases that change the path or query keep the baseline's body, so only that one part is wrong
  const baselineBody = operation.body ? { body: JSON.stringify(baseline.body) } : {};
  const caseOf: CaseOf = (kind, label, change, mustRefuse) => ({
    kind,
    label,
    params: baseline.params,
    query: baseline.query,
    ...baselineBody,
    ...change,
    mustRefuse,
  });
  return [
    ...pathCases(operation, caseOf, baseline),
    ...queryCases(operation, caseOf, baseline),
    ...parserCases(operation, caseOf, baseline),
    ...bodyCases(operation, caseOf, baseline),
    ...multipartCases(operation, caseOf),
  ];
}

/** At most `perKind` cases of each kind, chosen with `random`: every kind is tried on every operation. */
export function sampleCases(cases: FuzzCase[], perKind: number, random: Random): FuzzCase[] {
  const byKind = new Map<FuzzKind, FuzzCase[]>();
  for (const fuzzCase of cases) byKind.set(fuzzCase.kind, [...(byKind.get(fuzzCase.kind) ?? []), fuzzCase]);
  return [...byKind.values()].flatMap((group) => shuffled(group, random).slice(0, perKind));
}

/** Signs of a stack trace or of the server's files in an answer. */
const INTERNALS = [
  /\n\s+at \S+/,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /\/work\/|\/src\/|\/home\//,
  /\.(?:ts|js|mjs):\d+/,
  /"stack"\s*:/,
];

export function internalsIn(text: string): RegExp | null {
  return INTERNALS.find((pattern) => pattern.test(text)) ?? null;
}
