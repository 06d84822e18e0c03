import { z } from 'zod';
import { idParam, numberOrDigits } from './numeric-input.ts';
import { statusFlag } from './service.ts';

/** The variable types the variable form offers. A datasetList is stored with type list (it keeps var_type_ds_id). */
export const variableTypes = [
  'text',
  'regex',
  'search',
  'list',
  'datasetList',
  'search_DS',
  'component',
  'location',
] as const;
export type VariableType = (typeof variableTypes)[number];

export const variableFallbackTypes = ['text', 'options', 'redir'] as const;
export const variableDefaultValueTypes = ['txt', 'prf'] as const;

export const PREFERENCE_TIMEOUT_MIN = 1;
export const PREFERENCE_TIMEOUT_MAX = 11;

export const variableMessages = {
  nameRequired: 'Please enter the variable name',
  nameCharacters: 'The variable name may only contain letters, digits, dashes and underscores',
  nameTaken: 'The variable name has already been taken',
  textRequired: 'Please enter the variable text',
  regexRequired: 'Please enter the variable regex',
  regexInvalid: 'The variable regex is not a valid regular expression',
  listRequired: 'Please enter the variable values list',
  datasetRequired: 'Please choose the dataset',
  entityRequired: 'Please choose the component entity',
  entityUnknown: 'The component entity is not known',
  redirectRequired: 'Please choose the redirect command',
  orderInteger: 'The variable order must be an integer',
  timeoutRange: 'The preference timeout must be an integer from 1 to 11',
  maxTriesRange: 'The tries must be an integer from 1 to 10',
  typeInvalid: 'The variable type is not valid',
  redirectNotFound: 'The redirect command was not found',
  cursorNotFound: 'The cursor variable was not found',
  preferenceNotFound: 'The preference variable was not found',
  datasetNotFound: 'The dataset was not found',
  saved: 'Variable Saves Successfully',
} as const;

const VARIABLE_NAME = /^[\p{L}\p{N}_-]+$/u;
/** Unanswered tries a variable allows by default before the bot stops asking. */
export const VARIABLE_MAX_TRIES_DEFAULT = 3;

/** '' and null mean "none" for the optional ids the form sends. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined || value === 0 || value === '0' ? null : value),
  idParam.nullable(),
);
const text = (max = 5000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');
const textList = z
  .array(z.string().max(500))
  .max(5000)
  .nullish()
  .transform((value) => value ?? []);
const integerOr = (fallback: number, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? fallback : value),
    numberOrDigits(z.number({ error: message }).int(message)),
  );

export const variableLabel = z.object({
  keyword: z.string().max(500),
  syns: z.array(z.string().max(500)).max(500).default([]),
});
export type VariableLabel = z.infer<typeof variableLabel>;

export const variableFallbackOption = z.object({ label: z.string().max(500), val: z.string().max(500) });

const variableFields = z.object({
  var_name: z
    .string({ error: variableMessages.nameRequired })
    .trim()
    .min(1, { error: variableMessages.nameRequired, abort: true })
    .max(190)
    .regex(VARIABLE_NAME, variableMessages.nameCharacters),
  var_type: z.enum(variableTypes, { error: variableMessages.typeInvalid }).default('text'),
  var_type_ds_id: optionalId,
  var_type_ds_field_where: text(190),
  var_type_ds_field_return: text(190),
  var_prompt: text(),
  var_is_preference: statusFlag.default(0),
  var_is_preference_timeout: integerOr(PREFERENCE_TIMEOUT_MIN, variableMessages.timeoutRange).pipe(
    z
      .number()
      .min(PREFERENCE_TIMEOUT_MIN, variableMessages.timeoutRange)
      .max(PREFERENCE_TIMEOUT_MAX, variableMessages.timeoutRange),
  ),
  var_order: integerOr(1, variableMessages.orderInteger).pipe(z.number().min(0).max(1_000_000)),
  /** unanswered tries before the bot stops asking and answers with its fallback */
  var_max_tries: integerOr(VARIABLE_MAX_TRIES_DEFAULT, variableMessages.maxTriesRange).pipe(
    z.number().min(1, variableMessages.maxTriesRange).max(10, variableMessages.maxTriesRange),
  ),
  var_val_regex: text(2000),
  var_val_text: text(),
  entity_name: text(190),
  var_val_stopwords: textList,
  var_val_list: textList,
  var_labels: z
    .array(variableLabel)
    .max(5000)
    .nullish()
    .transform((value) => value ?? []),
  var_default_val_type: z.enum(variableDefaultValueTypes).default('txt'),
  var_default_val: text(),
  var_default_val_preference_id: optionalId,
  var_cursor_var_id: optionalId,
  var_fallback_type: z.enum(variableFallbackTypes).default('text'),
  var_fallback_redirect_command_id: optionalId,
  var_fallback_msg: text(),
  var_fallback_options: z
    .array(variableFallbackOption)
    .max(100)
    .nullish()
    .transform((value) => value ?? []),
  var_status: statusFlag.default(1),
});

type VariableFields = z.output<typeof variableFields>;

function isValidRegex(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The save-time rules that depend on the variable type (spec part 1 §5). */
function checkTypeRules(value: VariableFields, context: z.RefinementCtx): void {
  const fail = (path: keyof VariableFields, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (value.var_type === 'text' && value.var_val_text.trim() === '') {
    fail('var_val_text', variableMessages.textRequired);
  }
  if (value.var_type === 'regex') {
    if (value.var_val_regex.trim() === '') fail('var_val_regex', variableMessages.regexRequired);
    else if (!isValidRegex(value.var_val_regex)) fail('var_val_regex', variableMessages.regexInvalid);
  }
  const isList = value.var_type === 'list' || value.var_type === 'datasetList';
  if (isList && value.var_val_list.length === 0 && value.var_labels.length === 0) {
    fail('var_val_list', variableMessages.listRequired);
  }
  if ((value.var_type === 'search_DS' || value.var_type === 'datasetList') && value.var_type_ds_id === null) {
    fail('var_type_ds_id', variableMessages.datasetRequired);
  }
  if (value.var_type === 'component' && value.entity_name.trim() === '') {
    fail('entity_name', variableMessages.entityRequired);
  }
  if (value.var_fallback_type === 'redir' && value.var_fallback_redirect_command_id === null) {
    fail('var_fallback_redirect_command_id', variableMessages.redirectRequired);
  }
}

/** POST /command_var/save/{var_id}/{command_id}: the whole variable record; var_id 0 creates. */
export const saveVariableRequest = variableFields.superRefine(checkTypeRules);
export type SaveVariableRequest = z.input<typeof saveVariableRequest>;
export type SaveVariableInput = z.output<typeof saveVariableRequest>;

export const saveVariableResponse = z.object({ status: z.literal(1), id: z.number(), msg: z.string() });

export const variableRecord = z.object({
  var_id: z.number(),
  var_command_id: z.number(),
  user_id: z.number(),
  var_name: z.string(),
  var_type: z.string(),
  var_type_ds_id: z.number().nullable(),
  var_type_ds_field_where: z.string(),
  var_type_ds_field_return: z.string(),
  var_prompt: z.string(),
  var_is_preference: z.number(),
  var_is_preference_timeout: z.number(),
  var_max_tries: z.number(),
  var_order: z.number(),
  var_val_regex: z.string(),
  var_val_text: z.string(),
  entity_name: z.string(),
  var_val_stopwords: z.array(z.string()),
  var_val_list: z.array(z.string()),
  var_labels: z.array(variableLabel),
  var_default_val_type: z.string(),
  var_default_val: z.string(),
  var_default_val_preference_id: z.number().nullable(),
  var_cursor_var_id: z.number().nullable(),
  var_fallback_type: z.string(),
  var_fallback_redirect_command_id: z.number().nullable(),
  var_fallback_msg: z.string(),
  var_fallback_options: z.array(variableFallbackOption),
  var_status: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VariableRecord = z.infer<typeof variableRecord>;

/** POST /command_var/get_all/{command_id or 0}: names only, for pickers and cloning. */
export const variableListItem = z.object({ var_id: z.number(), var_name: z.string() });
export type VariableListItem = z.infer<typeof variableListItem>;

/** GET /components/entities: the built-in entity types a component variable can extract. */
export const componentEntity = z.object({ name: z.string(), label: z.string() });
export type ComponentEntity = z.infer<typeof componentEntity>;
export const componentEntitiesResponse = z.object({
  status: z.literal(1),
  components: z.array(componentEntity),
});
