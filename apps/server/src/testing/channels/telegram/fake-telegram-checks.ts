/**
 * The Bot API's refusals the fake repeats (descriptions as Telegram words them, where known). Lengths are
 * counted in UTF-16 code units — as strict as Telegram's count of characters or stricter; callback_data in
 * UTF-8 bytes as Telegram does.
 */

export type Body = Record<string, unknown>;

/** Refused with 400 and this description. */
export class BadRequest extends Error {
  constructor(description: string) {
    super(`Bad Request: ${description}`);
  }
}

const encoder = new TextEncoder();

export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** A JSON-encoded field (form bodies send objects and arrays as JSON text), else the value itself. */
export function objectField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol('unparsable');
  }
}

export function checkChatId(body: Body): number | string {
  const chatId = textOf(body.chat_id)?.trim();
  if (chatId === undefined || chatId === '') throw new BadRequest('chat_id is empty');
  if (/^-?\d{1,16}$/.test(chatId)) return Number(chatId);
  if (/^@[A-Za-z]\w{3,31}$/.test(chatId)) return chatId;
  throw new BadRequest('chat not found');
}

export function checkText(body: Body): string {
  const text = textOf(body.text);
  if (text === undefined || text.trim() === '') throw new BadRequest('message text is empty');
  if (text.length > 4096) throw new BadRequest('message is too long');
  return text;
}

export function checkCaption(body: Body): string | undefined {
  if (body.caption === undefined) return undefined;
  const caption = textOf(body.caption);
  if (caption === undefined) throw new BadRequest("can't parse caption");
  if (caption.length > 1024) throw new BadRequest('message caption is too long');
  return caption;
}

/** A photo or video to send: an http(s) URL (the fake fetches nothing) or a file_id it gave out. */
export function checkMedia(body: Body, field: 'photo' | 'video', fileIds: ReadonlySet<string>): string {
  const value = textOf(body[field])?.trim();
  if (!value) throw new BadRequest(`there is no ${field} in the request`);
  if (/^https?:\/\/[^\s/]+/i.test(value) || fileIds.has(value)) return value;
  throw new BadRequest('wrong file identifier/HTTP URL specified');
}

export function checkCoordinates(body: Body): { latitude: number; longitude: number } {
  const latitude = numberOf(body.latitude);
  const longitude = numberOf(body.longitude);
  if (latitude === undefined) throw new BadRequest('latitude is empty');
  if (longitude === undefined) throw new BadRequest('longitude is empty');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new BadRequest('wrong coordinates');
  return { latitude, longitude };
}

const BAD_MARKUP = "can't parse reply keyboard markup JSON object";
const INLINE_ACTIONS = [
  'url',
  'callback_data',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'web_app',
  'login_url',
  'pay',
  'copy_text',
  'callback_game',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rowsOf(value: unknown): unknown[][] {
  if (!Array.isArray(value) || !value.every(Array.isArray)) throw new BadRequest(BAD_MARKUP);
  return value as unknown[][];
}

function checkInlineButton(button: unknown): void {
  if (!isObject(button))
    throw new BadRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  if (typeof button.text !== 'string' || button.text.trim() === '')
    throw new BadRequest('BUTTON_TEXT_INVALID');
  const actions = INLINE_ACTIONS.filter((action) => button[action] !== undefined);
  if (actions.length === 0) throw new BadRequest('text buttons are unallowed in the inline keyboard');
  if (actions.length > 1) throw new BadRequest("can't parse inline keyboard button: more than one action");
  if (button.callback_data !== undefined) {
    const bytes = typeof button.callback_data === 'string' ? encoder.encode(button.callback_data).length : 0;
    if (bytes < 1 || bytes > 64) throw new BadRequest('BUTTON_DATA_INVALID');
  }
  if (
    button.url !== undefined &&
    !(typeof button.url === 'string' && /^(https?|tg):\/\/\S+$/i.test(button.url))
  ) {
    throw new BadRequest('BUTTON_URL_INVALID');
  }
}

function checkKeyboardButton(button: unknown): void {
  const text = typeof button === 'string' ? button : isObject(button) ? button.text : undefined;
  if (typeof text !== 'string')
    throw new BadRequest("can't parse keyboard button: KeyboardButton must be a String or an Object");
  if (text.trim() === '') throw new BadRequest('keyboard button text must be non-empty');
}

function checkOptionalBoolean(markup: Record<string, unknown>, field: string): void {
  if (markup[field] !== undefined && typeof markup[field] !== 'boolean') throw new BadRequest(BAD_MARKUP);
}

/** reply_markup, when given: an inline keyboard, a reply keyboard, a keyboard removal or a forced reply. */
/** `reply_parameters` of a message sent as a reply: the message id an integer. */
export function checkReplyParameters(body: Body): void {
  const parameters = body.reply_parameters;
  if (parameters === undefined) return;
  const value = objectField(parameters) as Record<string, unknown> | undefined;
  if (!value || !Number.isSafeInteger(value.message_id))
    throw new BadRequest("can't parse reply parameters JSON object");
}

export function checkReplyMarkup(body: Body): void {
  if (body.reply_markup === undefined) return;
  const markup = objectField(body.reply_markup);
  if (!isObject(markup)) throw new BadRequest(BAD_MARKUP);
  if (markup.inline_keyboard !== undefined) {
    const rows = rowsOf(markup.inline_keyboard);
    if (rows.flat().length > 100) throw new BadRequest('reply markup is too long');
    for (const button of rows.flat()) checkInlineButton(button);
    return;
  }
  if (markup.keyboard !== undefined) {
    const rows = rowsOf(markup.keyboard);
    if (rows.flat().length === 0) throw new BadRequest('keyboard must be non-empty');
    for (const button of rows.flat()) checkKeyboardButton(button);
    for (const field of ['one_time_keyboard', 'resize_keyboard', 'is_persistent', 'selective']) {
      checkOptionalBoolean(markup, field);
    }
    return;
  }
  if (markup.remove_keyboard === true || markup.force_reply === true) return;
  throw new BadRequest(BAD_MARKUP);
}

export interface WebhookSettings {
  url: string;
  secretToken?: string;
  allowedUpdates?: string[];
  maxConnections: number;
}

export function checkWebhook(body: Body, allowHttp: boolean): WebhookSettings | null {
  const url = (textOf(body.url) ?? '').trim();
  if (url === '') return null; // an empty url removes the webhook, as deleteWebhook
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BadRequest('bad webhook: invalid URL');
  }
  const isAllowed = parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:');
  if (!isAllowed) throw new BadRequest('bad webhook: An HTTPS URL must be provided for webhook');
  const settings: WebhookSettings = { url, maxConnections: numberOf(body.max_connections) ?? 40 };
  if (body.secret_token !== undefined) {
    const secret = textOf(body.secret_token) ?? '';
    if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret))
      throw new BadRequest('bad webhook: secret token contains unallowed characters');
    settings.secretToken = secret;
  }
  if (settings.maxConnections < 1 || settings.maxConnections > 100) {
    throw new BadRequest('bad webhook: max_connections must be between 1 and 100');
  }
  if (body.allowed_updates !== undefined) {
    const allowed = objectField(body.allowed_updates);
    if (!Array.isArray(allowed) || !allowed.every((name) => typeof name === 'string')) {
      throw new BadRequest("can't parse allowed updates");
    }
    settings.allowedUpdates = allowed;
  }
  return settings;
}
