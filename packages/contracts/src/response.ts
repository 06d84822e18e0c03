import { z } from 'zod';
import { hasAnyText, localizedTexts } from './localized-text.ts';
import { idParam, numberOrDigits } from './numeric-input.ts';

/** The response types a command's response record may hold (spec part 2 §3 "Other response types"). */
export const responseTypes = [
  'text',
  'static_cards',
  'quick_rep',
  'location',
  'sub',
  'api',
  'ds',
  'data_source',
  'menu',
  'shopping_cart',
  'component',
] as const;
export type ResponseType = (typeof responseTypes)[number];

/** The type picker's names; dataset and datasource are stored as ds and data_source. */
export const responsePickerTypes = [
  'dataset',
  'datasource',
  'menu',
  'shopping_cart',
  'component',
  'text',
  'api',
] as const;
export const cartActions = ['insert', 'delete', 'view_receipt', 'complete_order'] as const;

/**
 * The names a `complete_order` command's variables may have to give the order a contact detail (case does not
 * matter). A detail without such a variable is asked by the checkout itself.
 */
export const contactVariableNames = {
  fullname: ['fullname', 'full_name', 'name', 'customer_name'],
  phone: ['phone', 'phone_number', 'mobile', 'telephone'],
  address: ['address', 'delivery_address'],
  notes: ['notes', 'note'],
} as const;
export const userDataModes = ['insert', 'update', 'delete', 'finish'] as const;
export const responseVias = ['text', 'quick_rep', 'card', 'video', 'Image', 'receipt'] as const;
export const responseActionTypes = ['subscribe', 'mail', 'api', 'cs_connect', 'cs_disconnect'] as const;

export const MAX_STATIC_CARDS = 5;
export const MAX_LOCATIONS = 5;
export const MAX_CARD_BUTTONS = 3;
export const MAX_RESPONSE_TEXT = 2000;
export const MAX_MAIL_RECIPIENTS = 5;
export const RESPONSE_DATA_LIMIT_DEFAULT = 3;

export const responseMessages = {
  updated: 'successfully updated',
  typeInvalid: 'The response type is not valid',
  textMax: 'The response text may not be greater than 2000 characters',
  menuRequired: 'The menu field is required',
  cartActionRequired: 'The cart action field is required',
  cartTitleRequired: 'The cart title field is required',
  cartQuantityRequired: 'The cart quantity field is required',
  userDataModeRequired: 'The user data mode field is required',
  apiUrlRequired: 'The api url field is required',
  dataSourceRequired: 'The data source field is required',
  datasetRequired: 'The dataset field is required',
  componentRequired: 'The component field is required',
  subscriptionChannelRequired: 'The subscription channel field is required',
  cardsIncomplete: 'please complete required fields like media & title!',
  cardsMax: 'The static cards may not be more than 5',
  cardButtonsMax: 'A static card may not have more than 3 buttons',
  locationsIncomplete: 'please complete required fields!',
  locationsMax: 'The locations may not be more than 5',
  quickReplyCommandNotFound: 'The quick reply command was not found',
  datasetNotFound: 'The dataset was not found',
  menuNotFound: 'The menu was not found',
  variableNotFound: 'The variable was not found',
  dataSourceNotFound: 'The data source was not found',
  componentNotFound: 'The component was not found',
  subscriptionChannelNotFound: 'The subscription channel was not found',
  limitInteger: 'The data limit must be an integer',
  actionInvalid: 'Validation error',
  parameterNameTaken: 'The parameter name is already used',
  parameterValueRequired: 'Please choose a variable or enter a default value',
  optionIncomplete: 'The option label and value are required',
  optionLabelTaken: 'The option label is already used',
} as const;

const text = (max = 5000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');
/** An optional id: '', 0, '0' and null mean none. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined || value === 0 || value === '0' ? null : value),
  idParam.nullable(),
);
const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));
const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .nullish()
    .transform((value) => value ?? []);
const limit = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? fallback : value),
    numberOrDigits(
      z.number({ error: responseMessages.limitInteger }).int(responseMessages.limitInteger).min(1).max(1000),
    ),
  );

export const quickReply = z.object({
  label: z.string().trim().min(1).max(200),
  label_langs: localizedTexts(200),
  value: text(1000),
  command_id: optionalId,
});
export type QuickReply = z.output<typeof quickReply>;

export const extraOption = z.object({
  label: z.string().max(200),
  label_langs: localizedTexts(200),
  value: z.string().max(1000),
});

const structButton = z.object({
  item_label_key: text(190),
  item_label_default_value: text(1000),
  item_value_key: text(190),
  item_value_default_value: text(1000),
});

/** How an api, data source or component answer is mapped onto a message; static cards use the same shape. */
export const responseStruct = z.object({
  title_key: text(190),
  title_default_value: text(1000),
  title_langs: localizedTexts(1000),
  subtitle_key: text(190),
  subtitle_default_value: text(1000),
  subtitle_langs: localizedTexts(1000),
  media_key: text(190),
  media_default_value: text(2000),
  item_label_key: text(190),
  item_label_default_value: text(1000),
  item_value_key: text(190),
  item_value_default_value: text(1000),
  buttons: list(structButton, 20),
  receipt: z.record(z.string(), z.unknown()).optional(),
});
export type ResponseStruct = z.output<typeof responseStruct>;

const emptyStruct = () => responseStruct.parse({});

export const apiParameter = z.object({
  name: z.string().trim().min(1).max(190),
  var_id: optionalId,
  var_name: text(190),
  var_default_value: text(1000),
});

export const userDataParameter = apiParameter.extend({
  is_primary: flag.default(0),
  type: text(40),
});

/** A coordinate as the map form types it: a number or a decimal string, up to 18 decimals. */
const coordinate = z
  .union(
    [
      z.number().finite(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,3}(\.\d{1,18})?$/, responseMessages.locationsIncomplete),
    ],
    { error: responseMessages.locationsIncomplete },
  )
  .transform(Number);

export const responseLocation = z.object({ title: text(500), lng: coordinate, lat: coordinate });

export const responseAction = z.object({
  resp_action_type: z.enum(responseActionTypes),
  resp_action_cs_connect_department: text(190),
  resp_action_mail_title: text(500),
  resp_action_mail_msg: text(),
  resp_action_mail_to: list(z.email(), MAX_MAIL_RECIPIENTS),
  resp_action_api_url: text(2000),
  resp_action_api_req_type: text(10),
  resp_action_api_headers: text(),
  resp_action_api_pars: list(apiParameter, 50),
});
export type ResponseAction = z.output<typeof responseAction>;

const extraResponse = z.object({
  message: text(2000),
  message_langs: localizedTexts(2000),
  options: list(extraOption, 50),
});

/** The stored fields of a command response (spec part 2 §3); every one has a default. */
export const responseFields = {
  resp_type: z.enum(responseTypes, { error: responseMessages.typeInvalid }).default('text'),
  resp_text: z
    .string()
    .max(MAX_RESPONSE_TEXT, responseMessages.textMax)
    .nullish()
    .transform((v) => v ?? ''),
  /** resp_text in the bot's other languages (localized-text.ts); resp_text is the command's language */
  resp_text_langs: localizedTexts(MAX_RESPONSE_TEXT),
  resp_fallback_msg: text(2000),
  resp_fallback_msg_langs: localizedTexts(2000),
  resp_quick_reply: list(quickReply, 50),
  resp_dataset_id: optionalId.default(null),
  resp_menu_id: optionalId.default(null),
  resp_menu_extra_options: list(extraOption, 50),
  resp_sub_channel: optionalId.default(null),
  resp_cart_action: z
    .enum(cartActions, { error: responseMessages.cartActionRequired })
    .nullish()
    .transform((v) => v ?? 'insert'),
  resp_cart_title: text(500),
  resp_cart_quantity: optionalId.default(null),
  resp_data_source_id: optionalId.default(null),
  resp_data_source_query_string: text(20000),
  resp_data_source_resp_data_limit: limit(RESPONSE_DATA_LIMIT_DEFAULT),
  resp_data_source_resp_via: z.enum(responseVias).default('text'),
  resp_data_source_resp_struct: responseStruct.nullish().transform((v) => v ?? emptyStruct()),
  resp_api_url: text(2000),
  resp_api_req_type: z.enum(['GET', 'POST', 'get', 'post']).default('get'),
  resp_api_headers: text(),
  resp_api_pars: list(apiParameter, 50),
  resp_api_resp_type: z.enum(['json', 'text']).default('json'),
  resp_api_resp_data_field: text(500),
  resp_api_resp_data_type: z.enum(['single', 'multi']).default('single'),
  resp_api_resp_data_limit: limit(RESPONSE_DATA_LIMIT_DEFAULT),
  resp_api_resp_via: z.enum(responseVias).default('text'),
  resp_api_resp_struct: responseStruct.nullish().transform((v) => v ?? emptyStruct()),
  resp_api_extra_resp: extraResponse.nullish().transform((v) => v ?? { message: '', options: [] }),
  resp_component_id: optionalId.default(null),
  resp_component_resp_data_type: z.enum(['single', 'multi']).default('single'),
  resp_component_resp_data_limit: limit(1),
  resp_component_resp_via: z.enum(responseVias).default('text'),
  resp_component_resp_struct: responseStruct.nullish().transform((v) => v ?? emptyStruct()),
  resp_static_cards_resp_struct: list(responseStruct, 50),
  resp_location_resp_struct: list(responseLocation, 50),
  resp_dataset: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => v ?? {}),
  resp_user_data_status: flag.default(0),
  resp_user_data_mode_name: z
    .enum(userDataModes)
    .nullish()
    .transform((v) => v ?? null),
  resp_user_data_dataset_id: optionalId.default(null),
  resp_user_data_pars: list(userDataParameter, 50),
  resp_action_status: flag.default(0),
  resp_actions: list(responseAction, 20),
};

export const responseBody = z.object(responseFields);
export type ResponseBody = z.output<typeof responseBody>;
export type ResponseBodyInput = z.input<typeof responseBody>;

/** A stored or answered response record: the body plus its ids and timestamps. */
export type CommandResponseRecord = ResponseBody & {
  resp_id: number | null;
  resp_command_id: number;
  created_at: string | null;
  updated_at: string | null;
};

/** The old api extra response was a bare list of options. */
function upgradeExtraResponse(value: unknown): unknown {
  if (Array.isArray(value)) return { message: '', options: value };
  if (value === null || typeof value !== 'object') return { message: '', options: [] };
  return value;
}

/**
 * A stored (possibly old or partial) record as the editor expects it (spec part 2 §4): missing structs empty,
 * missing lists empty, a non-object api extra response `{message: '', options: <old list>}`. A field that no
 * longer parses falls back to its default, so one bad field never hides the rest.
 */
export function normalizeResponseBody(stored: unknown): ResponseBody {
  const source = (stored !== null && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const normalized: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(responseFields)) {
    const raw = key === 'resp_api_extra_resp' ? upgradeExtraResponse(source[key]) : source[key];
    const parsed = field.safeParse(raw);
    normalized[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return normalized as ResponseBody;
}

type Fail = (path: (string | number)[], message: string) => void;

function hasKeyOrDefault(struct: ResponseStruct, field: 'title' | 'media'): boolean {
  if (struct[`${field}_key`].trim() !== '') return true;
  return field === 'title'
    ? hasAnyText(struct.title_default_value, struct.title_langs)
    : struct.media_default_value.trim() !== '';
}

function checkStaticCards(cards: ResponseStruct[], fail: Fail): void {
  const path = ['resp_static_cards_resp_struct'];
  if (cards.length > MAX_STATIC_CARDS) fail(path, responseMessages.cardsMax);
  if (cards.some((card) => !hasKeyOrDefault(card, 'title') || !hasKeyOrDefault(card, 'media')))
    fail(path, responseMessages.cardsIncomplete);
  if (cards.some((card) => card.buttons.length > MAX_CARD_BUTTONS))
    fail(path, responseMessages.cardButtonsMax);
}

function isCompleteAction(action: ResponseAction): boolean {
  if (action.resp_action_type === 'mail')
    return (
      action.resp_action_mail_title.trim() !== '' &&
      action.resp_action_mail_msg.trim() !== '' &&
      action.resp_action_mail_to.length > 0
    );
  if (action.resp_action_type === 'api')
    return (
      action.resp_action_api_url.trim() !== '' &&
      ['get', 'post', 'pars'].includes(action.resp_action_api_req_type)
    );
  return true;
}

function checkCart(body: ResponseBody, fail: Fail): void {
  if (body.resp_menu_id === null) fail(['resp_menu_id'], responseMessages.menuRequired);
  if (body.resp_cart_action === 'view_receipt' || body.resp_cart_action === 'complete_order') return;
  if (body.resp_cart_title.trim() === '') fail(['resp_cart_title'], responseMessages.cartTitleRequired);
  if (body.resp_cart_quantity === null) fail(['resp_cart_quantity'], responseMessages.cartQuantityRequired);
}

type Parameter = { name: string; var_id: number | null; var_default_value: string };

/** API and user-data parameters: unique names, each with a variable or a default value. */
function checkParameters(path: string, parameters: Parameter[], fail: Fail): void {
  const names = parameters.map((parameter) => parameter.name.trim());
  if (new Set(names).size !== names.length) fail([path], responseMessages.parameterNameTaken);
  if (parameters.some((parameter) => parameter.var_id === null && parameter.var_default_value.trim() === ''))
    fail([path], responseMessages.parameterValueRequired);
}

/** Menu extra options and api extra options: label and value non-empty, labels unique. */
function checkOptions(path: string[], options: { label: string; value: string }[], fail: Fail): void {
  if (options.some((option) => option.label.trim() === '' || option.value.trim() === ''))
    fail(path, responseMessages.optionIncomplete);
  const labels = options.map((option) => option.label.trim());
  if (new Set(labels).size !== labels.length) fail(path, responseMessages.optionLabelTaken);
}

function checkDatasetLimit(query: Record<string, unknown>, fail: Fail): void {
  const limit = (query.resp as { limit?: unknown } | undefined)?.limit;
  if (limit !== undefined && limit !== '' && limit !== null && !Number.isInteger(Number(limit)))
    fail(['resp_dataset', 'resp', 'limit'], responseMessages.limitInteger);
}

/** The save rules of spec part 2 §5 that depend on more than one field. */
function checkResponseRules(body: ResponseBody, context: z.RefinementCtx): void {
  const fail: Fail = (path, message) => context.addIssue({ code: 'custom', path, message });
  if (body.resp_type === 'menu' && body.resp_menu_id === null)
    fail(['resp_menu_id'], responseMessages.menuRequired);
  if (body.resp_type === 'shopping_cart') checkCart(body, fail);
  if (body.resp_type === 'api' && body.resp_api_url.trim() === '')
    fail(['resp_api_url'], responseMessages.apiUrlRequired);
  if (body.resp_type === 'data_source' && body.resp_data_source_id === null)
    fail(['resp_data_source_id'], responseMessages.dataSourceRequired);
  if (body.resp_user_data_status === 1 && body.resp_user_data_mode_name === null)
    fail(['resp_user_data_mode_name'], responseMessages.userDataModeRequired);
  checkStaticCards(body.resp_static_cards_resp_struct, fail);
  if (body.resp_location_resp_struct.length > MAX_LOCATIONS)
    fail(['resp_location_resp_struct'], responseMessages.locationsMax);
  body.resp_actions.forEach((action, index) => {
    if (!isCompleteAction(action)) fail(['resp_actions', index], responseMessages.actionInvalid);
  });
  checkParameters('resp_api_pars', body.resp_api_pars, fail);
  checkParameters('resp_user_data_pars', body.resp_user_data_pars, fail);
  checkOptions(['resp_menu_extra_options'], body.resp_menu_extra_options, fail);
  checkOptions(['resp_api_extra_resp', 'options'], body.resp_api_extra_resp.options, fail);
  checkDatasetLimit(body.resp_dataset, fail);
}

/** POST /command_response/save/{command_id}: `{record}`; answers `{status: 1, msg: 'successfully updated'}`. */
export const saveCommandResponseRequest = z.object({
  record: responseBody.superRefine(checkResponseRules),
});
export type SaveCommandResponseRequest = z.input<typeof saveCommandResponseRequest>;

export const commandResponseRecord = responseBody.extend({
  resp_id: z.number().nullable(),
  resp_command_id: z.number(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** GET /command_response/get/{command_id} */
export const getCommandResponseResponse = z.object({ status: z.literal(1), data: commandResponseRecord });
/** GET and POST command-response/{command_id}/types, GET command-response/{command_id}/options */
export const commandResponseEnvelope = z.object({
  status: z.literal(1),
  commandResponse: commandResponseRecord,
});

/** POST command-response/{command_id}/types: the picked type and the id it needs. */
export const saveResponseTypeRequest = z
  .object({
    resp_type: z.enum([...responseTypes, 'dataset', 'datasource'], { error: responseMessages.typeInvalid }),
    resp_dataset_id: optionalId.default(null),
    resp_data_source_id: optionalId.default(null),
    resp_menu_id: optionalId.default(null),
    resp_component_id: optionalId.default(null),
    resp_sub_channel: optionalId.default(null),
  })
  .transform((value) => ({
    ...value,
    resp_type: storedTypeOf(value.resp_type),
  }))
  .superRefine((value, context) => {
    const required = idFieldOfType[value.resp_type];
    if (required && value[required.field] === null)
      context.addIssue({ code: 'custom', path: [required.field], message: required.message });
  });
export type SaveResponseTypeRequest = z.input<typeof saveResponseTypeRequest>;

function storedTypeOf(type: ResponseType | 'dataset' | 'datasource'): ResponseType {
  if (type === 'dataset') return 'ds';
  if (type === 'datasource') return 'data_source';
  return type;
}

type IdField =
  | 'resp_dataset_id'
  | 'resp_data_source_id'
  | 'resp_menu_id'
  | 'resp_component_id'
  | 'resp_sub_channel';

/** The id a picked type needs before it can be saved ("please choose {type} first"). */
export const idFieldOfType: Partial<Record<ResponseType, { field: IdField; message: string }>> = {
  ds: { field: 'resp_dataset_id', message: responseMessages.datasetRequired },
  data_source: { field: 'resp_data_source_id', message: responseMessages.dataSourceRequired },
  shopping_cart: { field: 'resp_menu_id', message: responseMessages.menuRequired },
  component: { field: 'resp_component_id', message: responseMessages.componentRequired },
  sub: { field: 'resp_sub_channel', message: responseMessages.subscriptionChannelRequired },
};
