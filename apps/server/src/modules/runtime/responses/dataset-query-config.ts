import type { QueryOperator } from '../../datasets/dataset-record-match.ts';

/**
 * The stored `resp_dataset` (spec part 2 §3 "Dataset query config") read leniently: the record keeps it as a
 * free object, so anything missing or malformed reads as empty rather than failing the turn.
 */
export interface QueryElement {
  fieldName: string;
  operator: QueryOperator;
  varId: number | null;
  value: string;
}

export interface DatasetQueryConfig {
  dsId: number | null;
  /** OR-ed groups of AND-ed elements */
  groups: QueryElement[][];
  resp: Record<string, unknown>;
}

const OPERATORS: readonly QueryOperator[] = ['=', '!=', '>=', '<=', 'LIKE', 'NEARBY'];

const objectIn = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const listIn = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function textIn(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function idIn(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function operatorOf(value: unknown): QueryOperator {
  const text = textIn(value).trim().toUpperCase();
  return OPERATORS.find((operator) => operator === text) ?? '=';
}

function elementOf(value: unknown): QueryElement | null {
  const element = objectIn(value);
  const fieldName = textIn(element.field_name).trim();
  if (fieldName === '') return null;
  return {
    fieldName,
    operator: operatorOf(element.rel),
    varId: idIn(element.var_id),
    value: textIn(element.value),
  };
}

export function readDatasetQuery(
  stored: Record<string, unknown>,
  fallbackDsId: number | null,
): DatasetQueryConfig {
  const groups = listIn(stored.groups).map((group) =>
    listIn(group)
      .map(elementOf)
      .filter((element) => element !== null),
  );
  return { dsId: idIn(stored.ds_id) ?? fallbackDsId, groups, resp: objectIn(stored.resp) };
}
