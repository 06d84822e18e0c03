import type { TestServer } from '../../test-server.ts';

/**
 * The API as the running server publishes it (/api/docs/json): the generated tests (tenant isolation, contract
 * fuzz) walk these operations, so a route added to any module is in them without anyone editing the tests.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema as published, read field by field
export type JsonSchema = Record<string, any>;

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  /** `POST /api/service/save/{id}`: the key of the fixture tables */
  key: string;
  method: string;
  /** the OpenAPI path, with `{name}` for each path parameter */
  path: string;
  /** false for the public calls (no bearer security) */
  signedIn: boolean;
  pathParameters: ApiParameter[];
  queryParameters: ApiParameter[];
  /** the JSON body schema, or null when the operation takes no body */
  body: JsonSchema | null;
  /** the body's content types (application/json, multipart/form-data) */
  bodyTypes: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export async function readApiDocument(server: TestServer): Promise<JsonSchema> {
  const answer = await server.call('GET', '/api/docs/json');
  if (answer.status !== 200) throw new Error(`/api/docs/json answered ${answer.status}`);
  return answer.json;
}

export function operationsOf(document: JsonSchema): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries<JsonSchema>(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters: ApiParameter[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const content: JsonSchema = operation.requestBody?.content ?? {};
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        body: content['application/json']?.schema ?? null,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return operations;
}

/**
 * The path with its `{name}` parameters filled in, e.g. `/api/service/browse/12`: encoded, unless the values
 * are path text already (the fuzz test sends broken encodings on purpose).
 */
export function pathWith(
  path: string,
  values: Record<string, string | number>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    if (!(name in values)) throw new Error(`no value for the path parameter ${name} of ${path}`);
    return encode(String(values[name]));
  });
}

export function queryStringOf(values: Record<string, string | number> | undefined): string {
  if (!values || Object.keys(values).length === 0) return '';
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) query.set(name, String(value));
  return `?${query.toString()}`;
}

export interface ProbeAnswer {
  status: number;
  text: string;
}

/**
 * One request, answered with its status and text. An event stream (the training state) is read up to its
 * first event and then closed; every request gives up after `timeoutMs`.
 */
export async function probe(
  server: TestServer,
  method: string,
  pathAndQuery: string,
  options: { token?: string; body?: string; contentType?: string; timeoutMs?: number } = {},
): Promise<ProbeAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 15_000);
  try {
    const response = await fetch(`${server.url}${pathAndQuery}`, {
      method,
      headers,
      body: options.body ?? null,
      signal: abort.signal,
      // the server's own answer: a redirect (sign-in with Facebook's) is judged, not followed
      redirect: 'manual',
    });
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    const text = isStream ? await firstEventOf(response) : await response.text();
    return { status: response.status, text };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

async function firstEventOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}
