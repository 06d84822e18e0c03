import type { JsonSchema } from './openapi-operations.ts';

/** Values for the contract fuzz test: samples read from JSON Schema, and surgery on a sample body. */

/** A value the schema accepts, as far as a simple reading of it goes (enough to reach past the first field). */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return sampleOf(variants[0], depth + 1);
  if (Array.isArray(schema.allOf)) return sampleOf(schema.allOf[0], depth + 1);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, depth + 1));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = sampleOf(schema.properties?.[name], depth + 1);
      return value;
    }
    default:
      return null;
  }
}

export const DEEP_NESTING_LEVELS = 10_000;
/** A placeholder string that `jsonWithDeepNesting` replaces */
export const DEEP = '[DEEP]';

/** JSON text with `DEEP` (a JSON string) replaced by 10,000 nested arrays: JSON.stringify would recurse. */
export function jsonWithDeepNesting(value: unknown): string {
  const nested = `${'['.repeat(DEEP_NESTING_LEVELS)}${']'.repeat(DEEP_NESTING_LEVELS)}`;
  return JSON.stringify(value).replace(JSON.stringify(DEEP), nested);
}

/** Paths to every field of a sample body (objects' keys, arrays' first items), the body itself excluded. */
export function fieldPathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length > 0 ? [[...prefix, 0], ...fieldPathsOf(value[0], [...prefix, 0])] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPathsOf(child, [...prefix, key]),
  ]);
}

/** A copy of the body with the field at `path` replaced (or removed, when `replace` answers undefined). */
export function withField(
  body: unknown,
  path: (string | number)[],
  replace: (value: unknown) => unknown,
): unknown {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const replaced = replace(parent[last]);
  if (replaced === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    parent[last] = replaced;
  }
  return copy;
}

/** Values of other JSON types than the sample value, for the wrong-type cases. */
export function wrongTypesFor(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, [], { text: value }];
  if (typeof value === 'number') return ['twelve', [value], true];
  if (typeof value === 'boolean') return ['yes', 2];
  if (Array.isArray(value)) return ['list', { 0: value[0] ?? 'x' }];
  if (typeof value === 'object' && value !== null) return ['object', [value]];
  return [{ unexpected: true }, ['x']];
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** The JSON types a schema takes, or null when the published schema does not say (a preprocessed body). */
export function jsonTypesOf(schema: JsonSchema): Set<string> | null {
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    const types = new Set<string>();
    for (const variant of variants) {
      const inner = jsonTypesOf(variant);
      if (!inner) return null;
      for (const type of inner) types.add(type);
    }
    return types;
  }
  if (!schema.type) return null;
  const types = new Set<string>((Array.isArray(schema.type) ? schema.type : [schema.type]).map(String));
  if (types.has('integer')) types.add('number');
  if (schema.nullable) types.add('null');
  return types;
}

export function isIntegerParameter(schema: JsonSchema): boolean {
  return schema.type === 'integer' || schema.type === 'number';
}

export function valueAt(body: unknown, path: (string | number)[]): unknown {
  let value = body as Record<string | number, unknown> | undefined;
  for (const key of path) value = value?.[key] as Record<string | number, unknown> | undefined;
  return value;
}
