import {
  type SaveVariableRequest,
  saveVariableRequest,
  VARIABLE_MAX_TRIES_DEFAULT,
  type VariableRecord,
  type VariableType,
  variableDefaultValueTypes,
  variableFallbackTypes,
  variableTypes,
} from '@hiwar/contracts';
import type { FallbackOption } from './fallback-options.ts';
import { type ListValue, listFieldsOf, listValuesOf } from './list-values.ts';

export type DefaultValueType = (typeof variableDefaultValueTypes)[number];
export type FallbackType = (typeof variableFallbackTypes)[number];

/** The variable form's values: ids as the pickers hold them (strings), flags as booleans. */
export interface VariableFormValues {
  var_name: string;
  var_type: VariableType;
  var_type_ds_id: string | null;
  var_type_ds_field_where: string;
  var_type_ds_field_return: string;
  var_prompt: string;
  var_is_preference: boolean;
  var_is_preference_timeout: number | string;
  var_order: number | string;
  var_max_tries: number | string;
  var_val_regex: string;
  var_val_text: string;
  entity_name: string;
  var_val_stopwords: string[];
  /** a list's values with their synonyms: `var_val_list` and `var_labels` in one (see list-values.ts) */
  list_values: ListValue[];
  var_default_val_type: DefaultValueType;
  var_default_val: string;
  var_default_val_preference_id: string | null;
  /** not edited here; kept so a save does not lose it */
  var_cursor_var_id: number | null;
  var_fallback_type: FallbackType;
  var_fallback_redirect_command_id: string | null;
  var_fallback_msg: string;
  var_fallback_options: FallbackOption[];
  var_status: 0 | 1;
}

/** Spec §3 and §9 defaults: type text, order 1, default value type txt, fallback type text, status on. */
export function newVariableValues(): VariableFormValues {
  return {
    var_name: '',
    var_type: 'text',
    var_type_ds_id: null,
    var_type_ds_field_where: '',
    var_type_ds_field_return: '',
    var_prompt: '',
    var_is_preference: false,
    var_is_preference_timeout: 1,
    var_order: 1,
    var_max_tries: VARIABLE_MAX_TRIES_DEFAULT,
    var_val_regex: '',
    var_val_text: '',
    entity_name: '',
    var_val_stopwords: [],
    list_values: [],
    var_default_val_type: 'txt',
    var_default_val: '',
    var_default_val_preference_id: null,
    var_cursor_var_id: null,
    var_fallback_type: 'text',
    var_fallback_redirect_command_id: null,
    var_fallback_msg: '',
    var_fallback_options: [],
    var_status: 1,
  };
}

export function isDatasetType(type: VariableType): boolean {
  return type === 'datasetList' || type === 'search_DS';
}

function oneOf<T extends string>(choices: readonly T[], value: string, fallback: T): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

const idText = (id: number | null) => (id === null ? null : String(id));

/**
 * The form values of a stored variable. A datasetList is stored as a list that keeps its dataset (spec §4), so
 * a list with a dataset opens as a datasetList again and its dataset fields stay editable.
 */
export function variableValuesOf(record: VariableRecord): VariableFormValues {
  const storedType = oneOf(variableTypes, record.var_type, 'text');
  const type = storedType === 'list' && record.var_type_ds_id !== null ? 'datasetList' : storedType;
  return {
    var_name: record.var_name,
    var_type: type,
    var_type_ds_id: idText(record.var_type_ds_id),
    var_type_ds_field_where: record.var_type_ds_field_where,
    var_type_ds_field_return: record.var_type_ds_field_return,
    var_prompt: record.var_prompt,
    var_is_preference: record.var_is_preference === 1,
    var_is_preference_timeout: record.var_is_preference_timeout,
    var_order: record.var_order,
    // a record from before the limit was stored has none
    var_max_tries: record.var_max_tries ?? VARIABLE_MAX_TRIES_DEFAULT,
    var_val_regex: record.var_val_regex,
    var_val_text: record.var_val_text,
    entity_name: record.entity_name,
    var_val_stopwords: record.var_val_stopwords,
    // a record from before lists were stored may lack either list
    list_values: listValuesOf(record.var_val_list ?? [], record.var_labels ?? []),
    var_default_val_type: oneOf(variableDefaultValueTypes, record.var_default_val_type, 'txt'),
    var_default_val: record.var_default_val,
    var_default_val_preference_id: idText(record.var_default_val_preference_id),
    var_cursor_var_id: record.var_cursor_var_id,
    var_fallback_type: oneOf(variableFallbackTypes, record.var_fallback_type, 'text'),
    var_fallback_redirect_command_id: idText(record.var_fallback_redirect_command_id),
    var_fallback_msg: record.var_fallback_msg,
    var_fallback_options: record.var_fallback_options,
    var_status: record.var_status === 1 ? 1 : 0,
  };
}

/**
 * "Clone from another variable": every field of the other variable except its id. Its cursor points into its
 * own command, so it is not carried over.
 */
export function clonedValuesOf(record: VariableRecord): VariableFormValues {
  return { ...variableValuesOf(record), var_cursor_var_id: null };
}

/**
 * The save request of the form values. A type without a dataset sends none: a list that kept the dataset of an
 * earlier datasetList choice would otherwise open as a datasetList again.
 */
export function variableRequestOf(values: VariableFormValues): SaveVariableRequest {
  const { list_values: listValues, ...fields } = values;
  const datasetFields = isDatasetType(values.var_type)
    ? {}
    : { var_type_ds_id: null, var_type_ds_field_where: '', var_type_ds_field_return: '' };
  return {
    ...fields,
    ...datasetFields,
    ...listFieldsOf(listValues),
    var_is_preference: values.var_is_preference ? 1 : 0,
  };
}

/**
 * Spec §5 save-time messages, by field (the contract's English text): the same rules the server applies. Any
 * message blocks the save.
 */
export function variableProblems(values: VariableFormValues): Record<string, string> {
  const request = variableRequestOf(values);
  const problems: Record<string, string> = {};
  // zod runs the type rules only once every field parses, so a missing name would hide them: the type rules
  // are also checked with a stand-in name, and all messages show at once.
  for (const attempt of [request, { ...request, var_name: 'name' }]) {
    const result = saveVariableRequest.safeParse(attempt);
    for (const issue of result.success ? [] : result.error.issues) {
      const field = String(issue.path[0] ?? 'var_name');
      problems[field] ??= issue.message;
    }
  }
  return problems;
}
