import type { DatasetField, VariableListItem } from '@hiwar/contracts';

/**
 * `resp_dataset` (spec part 2 §3 "Dataset query config") as the builder edits it, with the field names the
 * runtime reads (`runtime/responses/dataset-query-config.ts`, `ds-response.ts`): groups are OR-ed, the
 * elements inside a group AND-ed; `resp` maps each record onto the message.
 */
/** The special record keys a query and its messages may read besides the schema's fields. */
export const specialDatasetFields = ['__status', '__sender_id'] as const;

export const queryOperators = ['=', '!=', '>=', '<=', 'LIKE', 'NEARBY'] as const;
export type QueryOperator = (typeof queryOperators)[number];

export interface QueryElementValue {
  field_name: string;
  rel: QueryOperator;
  /** the variable whose value is compared (NEARBY: the location to measure from) */
  var_id: number | null;
  /** the literal compared when no variable is chosen (NEARBY: the radius in km) */
  value: string;
  field_type: string;
}

export type DatasetResp = Record<string, unknown>;

export interface DatasetQuery {
  ds_id: number | null;
  ds_data: { ds_name: string; ds_schema: DatasetField[] } | Record<string, never>;
  query_type: 'builder';
  groups: QueryElementValue[][];
  query_syntax: string;
  resp: DatasetResp;
}

/** Spec §9: a dataset response shows one record unless its limit says more. */
export const DATASET_LIMIT_DEFAULT = 1;
export const NEARBY_RADIUS_DEFAULT_KM = '5';
export const receiptCurrencies = ['EGP', 'RSA', 'USD'] as const;
export const receiptPaymentMethods = ['cash', 'visa'] as const;

export const defaultReceipt = (dsId: number | null): Record<string, string | number | null> => ({
  name: '',
  merchant: '',
  order_number: '',
  timestamp: '',
  order_url: '',
  currency: 'EGP',
  payment_method: 'cash',
  dataset_id: dsId,
  elem_title_col: '',
  elem_price_col: '',
  elem_amount_col: '1',
  elem_image_col: '',
  address: '',
  sub_total: '',
  shipping_cost: '',
  total_tax: '',
  total_cost: '',
});

const objectIn = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const textIn = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function idIn(value: unknown): number | null {
  const id = Number(value);
  return value !== null && value !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function elementIn(value: unknown): QueryElementValue | null {
  const element = objectIn(value);
  const fieldName = textIn(element.field_name).trim();
  if (fieldName === '') return null;
  const rel = queryOperators.find((operator) => operator === textIn(element.rel).trim().toUpperCase()) ?? '=';
  return {
    field_name: fieldName,
    rel,
    var_id: idIn(element.var_id),
    value: textIn(element.value),
    field_type: textIn(element.field_type) || 'text',
  };
}

/** The stored config read leniently (old or partial records), on the dataset the type step picked. */
export function readDatasetQuery(stored: Record<string, unknown>, dsId: number | null): DatasetQuery {
  const groups = (Array.isArray(stored.groups) ? stored.groups : [])
    .map((group) => (Array.isArray(group) ? group.map(elementIn).filter((element) => element !== null) : []))
    .filter((group) => group.length > 0);
  const resp = objectIn(stored.resp);
  return {
    ds_id: dsId,
    ds_data: objectIn(stored.ds_data) as DatasetQuery['ds_data'],
    query_type: 'builder',
    groups,
    query_syntax: textIn(stored.query_syntax),
    resp: { via: 'text', limit: DATASET_LIMIT_DEFAULT, ...resp },
  };
}

/** The fields a condition may test: the dataset's, plus `__status` and `__sender_id`. */
export function queryFieldsOf(schema: readonly DatasetField[]): { name: string; type: string }[] {
  return [
    ...schema.map((field) => ({ name: field.name, type: field.type })),
    { name: specialDatasetFields[0], type: 'number' },
    { name: specialDatasetFields[1], type: 'text' },
  ];
}

/** NEARBY only on a location field, and a location field only NEARBY. */
export function operatorsFor(fieldType: string): readonly QueryOperator[] {
  return fieldType === 'location' ? ['NEARBY'] : queryOperators.filter((operator) => operator !== 'NEARBY');
}

export type ElementProblem = 'field' | 'value' | 'radius' | 'group';

/** Spec §5: a field and a variable (or a literal) chosen, and a group to put it in. */
export function elementProblem(element: QueryElementValue, groupIndex: number | null): ElementProblem | null {
  if (element.field_name.trim() === '' || element.field_name === '0') return 'field';
  if (element.rel === 'NEARBY') {
    if (element.value.trim() !== '' && !(Number(element.value) > 0)) return 'radius';
  } else if (element.var_id === null && element.value.trim() === '') return 'value';
  if (groupIndex === null || groupIndex < 0) return 'group';
  return null;
}

/** Adds an element to a group; `groupIndex` past the last group starts a new one. */
export function addElement(
  groups: QueryElementValue[][],
  element: QueryElementValue,
  groupIndex: number,
): QueryElementValue[][] {
  if (groupIndex >= groups.length) return [...groups, [element]];
  return groups.map((group, index) => (index === groupIndex ? [...group, element] : group));
}

/** Removes an element; a group left empty goes too. */
export function removeElement(groups: QueryElementValue[][], groupIndex: number, elementIndex: number) {
  return groups
    .map((group, index) => (index === groupIndex ? group.filter((_, at) => at !== elementIndex) : group))
    .filter((group) => group.length > 0);
}

function operandOf(element: QueryElementValue, variables: readonly VariableListItem[]): string {
  const variable = variables.find((candidate) => candidate.var_id === element.var_id);
  if (element.rel === 'NEARBY') {
    const origin = variable ? `{{${variable.var_name}}}` : '@location';
    return `${origin} ${element.value.trim() || NEARBY_RADIUS_DEFAULT_KM} km`;
  }
  return variable ? `{{${variable.var_name}}}` : JSON.stringify(element.value);
}

/** The query as one readable line, e.g. `(city = {{city}} AND price <= "10") OR (place NEARBY @location 5 km)`. */
export function querySyntaxOf(groups: QueryElementValue[][], variables: readonly VariableListItem[]): string {
  return groups
    .map(
      (group) =>
        `(${group.map((element) => `${element.field_name} ${element.rel} ${operandOf(element, variables)}`).join(' AND ')})`,
    )
    .join(' OR ');
}
