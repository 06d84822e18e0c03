/** What the fake Graph API refuses, as Meta's Send API and Messenger Profile API do (error code 100). */

export type Body = Record<string, unknown>;

export class GraphRefusal extends Error {
  readonly code;
  readonly status;
  constructor(message: string, code = 100, status = 400) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function isWebUrl(value: unknown): boolean {
  if (!isText(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function checkLength(value: unknown, limit: number, what: string, isRequired = true): void {
  if (value === undefined && !isRequired) return;
  if (!isText(value) || (isRequired && value.trim() === ''))
    throw new GraphRefusal(`(#100) ${what} is required`);
  if ([...value].length > limit) throw new GraphRefusal(`(#100) ${what} must be at most ${limit} characters`);
}

function checkButton(button: unknown, at: string): void {
  if (!isObject(button)) throw new GraphRefusal(`(#100) ${at} must be an object`);
  checkLength(button.title, 20, `${at}[title]`);
  if (button.type === 'postback') checkLength(button.payload, 1000, `${at}[payload]`);
  else if (button.type === 'web_url') {
    if (!isWebUrl(button.url)) throw new GraphRefusal(`(#100) ${at}[url] should represent a valid URL`);
  } else throw new GraphRefusal(`(#100) ${at}[type] is not supported`);
}

function checkGenericTemplate(payload: Body): void {
  const elements = payload.elements;
  if (!Array.isArray(elements) || elements.length === 0)
    throw new GraphRefusal('(#100) Elements is required');
  if (elements.length > 10) throw new GraphRefusal('(#100) Tried accessing nonexisting field (elements[10])');
  elements.forEach((element, index) => {
    const at = `param message[attachment][payload][elements][${index}]`;
    if (!isObject(element)) throw new GraphRefusal(`(#100) ${at} must be an object`);
    checkLength(element.title, 80, `${at}[title]`);
    checkLength(element.subtitle, 80, `${at}[subtitle]`, false);
    if (element.image_url !== undefined && !isWebUrl(element.image_url))
      throw new GraphRefusal(`(#100) ${at}[image_url] should represent a valid URL`);
    const buttons = element.buttons ?? [];
    if (!Array.isArray(buttons) || buttons.length > 3)
      throw new GraphRefusal(`(#100) ${at}[buttons] must have at most 3 elements`);
    buttons.forEach((button, buttonIndex) => {
      checkButton(button, `${at}[buttons][${buttonIndex}]`);
    });
  });
}

const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** The receipt template: its required fields, at most 100 elements, amounts as numbers. */
function checkReceiptTemplate(payload: Record<string, unknown>): void {
  for (const field of ['recipient_name', 'order_number', 'payment_method'] as const) {
    if (!isText(payload[field]) || String(payload[field]).trim() === '')
      throw new GraphRefusal(`(#100) param payload[${field}] is required`);
  }
  if (!isText(payload.currency) || !/^[A-Z]{3}$/.test(String(payload.currency)))
    throw new GraphRefusal('(#100) param payload[currency] must be a valid ISO-4217 currency code');
  const summary = payload.summary;
  if (!isObject(summary) || !isAmount(summary.total_cost))
    throw new GraphRefusal('(#100) param payload[summary][total_cost] is required');
  for (const field of ['subtotal', 'shipping_cost', 'total_tax'] as const) {
    if (summary[field] !== undefined && !isAmount(summary[field]))
      throw new GraphRefusal(`(#100) param payload[summary][${field}] must be a number`);
  }
  const elements = payload.elements ?? [];
  if (!Array.isArray(elements) || elements.length > 100)
    throw new GraphRefusal('(#100) param payload[elements] must have at most 100 elements');
  elements.forEach((element, index) => {
    const at = `param payload[elements][${index}]`;
    if (!isObject(element)) throw new GraphRefusal(`(#100) ${at} must be an object`);
    checkLength(element.title, 80, `${at}[title]`);
    if (!isAmount(element.price)) throw new GraphRefusal(`(#100) ${at}[price] is required`);
    if (element.quantity !== undefined && !isAmount(element.quantity))
      throw new GraphRefusal(`(#100) ${at}[quantity] must be a number`);
    if (element.image_url !== undefined && !isWebUrl(element.image_url))
      throw new GraphRefusal(`(#100) ${at}[image_url] should represent a valid URL`);
  });
}

function checkAttachment(attachment: unknown): void {
  if (!isObject(attachment) || !isObject(attachment.payload))
    throw new GraphRefusal('(#100) param message[attachment][payload] is required');
  const { type, payload } = attachment;
  if (type === 'template') {
    if (payload.template_type === 'receipt') checkReceiptTemplate(payload);
    else if (payload.template_type === 'generic') checkGenericTemplate(payload);
    else throw new GraphRefusal('(#100) template_type is not supported here');
  } else if (type === 'image' || type === 'video' || type === 'audio' || type === 'file') {
    if (!isWebUrl(payload.url))
      throw new GraphRefusal('(#100) param message[attachment][payload][url] must be a valid URL');
  } else
    throw new GraphRefusal(
      '(#100) param message[attachment][type] must be one of {image, audio, video, file, template}',
    );
}

function checkQuickReplies(quickReplies: unknown): void {
  if (quickReplies === undefined) return;
  if (!Array.isArray(quickReplies) || quickReplies.length === 0 || quickReplies.length > 13)
    throw new GraphRefusal('(#100) param message[quick_replies] must have between 1 and 13 elements');
  quickReplies.forEach((reply, index) => {
    const at = `param message[quick_replies][${index}]`;
    if (!isObject(reply) || reply.content_type !== 'text')
      throw new GraphRefusal(`(#100) ${at}[content_type] is invalid`);
    checkLength(reply.title, 20, `${at}[title]`);
    checkLength(reply.payload, 1000, `${at}[payload]`);
  });
}

/** A Send API body: recipient, messaging type (a tag with MESSAGE_TAG), one message within Messenger's limits. */
export function checkSendBody(body: Body, knownRecipients: ReadonlySet<string>): string {
  const recipient = isObject(body.recipient) ? body.recipient.id : undefined;
  if (!isText(recipient) || recipient === '')
    throw new GraphRefusal('(#100) param recipient must be non-empty.');
  if (!knownRecipients.has(recipient)) throw new GraphRefusal('(#100) No matching user found', 100);
  const type = body.messaging_type;
  if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(String(type)))
    throw new GraphRefusal('(#100) param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}');
  if (
    type === 'MESSAGE_TAG' &&
    !['ACCOUNT_UPDATE', 'CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'HUMAN_AGENT'].includes(
      String(body.tag),
    )
  )
    throw new GraphRefusal('(#100) param tag is required with MESSAGE_TAG');
  const message = body.message;
  if (!isObject(message)) throw new GraphRefusal('(#100) param message must be non-empty.');
  const hasText = message.text !== undefined;
  if (hasText === (message.attachment !== undefined))
    throw new GraphRefusal('(#100) Must send either text or attachment');
  if (hasText) checkLength(message.text, 2000, 'param message[text]');
  else checkAttachment(message.attachment);
  checkQuickReplies(message.quick_replies);
  return recipient;
}

function checkMenuItem(item: unknown, at: string): void {
  if (!isObject(item)) throw new GraphRefusal(`(#100) ${at} must be an object`);
  checkLength(item.title, 30, `${at}[title]`);
  if (item.type === 'postback') checkLength(item.payload, 1000, `${at}[payload]`);
  else if (item.type === 'web_url') {
    if (!isWebUrl(item.url)) throw new GraphRefusal(`(#100) ${at}[url] should represent a valid URL`);
  } else throw new GraphRefusal(`(#100) ${at}[type] must be one of {postback, web_url}`);
}

/** A Messenger Profile body: get_started and persistent_menu (which needs get_started and a default locale). */
export function checkProfileBody(body: Body, hasGetStarted: boolean): void {
  const keys = Object.keys(body);
  if (keys.length === 0) throw new GraphRefusal('(#100) You must provide at least one property');
  if (body.get_started !== undefined) {
    if (!isObject(body.get_started)) throw new GraphRefusal('(#100) param get_started must be an object');
    checkLength(body.get_started.payload, 1000, 'param get_started[payload]');
  }
  if (body.persistent_menu === undefined) return;
  if (!hasGetStarted && body.get_started === undefined)
    throw new GraphRefusal(
      '(#100) You must set a Get Started button if you also wish to use persistent menu.',
    );
  const menus = body.persistent_menu;
  if (!Array.isArray(menus) || menus.length === 0)
    throw new GraphRefusal('(#100) param persistent_menu must be a list');
  if (!menus.some((menu) => isObject(menu) && menu.locale === 'default'))
    throw new GraphRefusal('(#100) persistent_menu must include the default locale');
  menus.forEach((menu, index) => {
    const at = `param persistent_menu[${index}]`;
    if (!isObject(menu)) throw new GraphRefusal(`(#100) ${at} must be an object`);
    const actions = menu.call_to_actions;
    if (!Array.isArray(actions) || actions.length > 20)
      throw new GraphRefusal(`(#100) ${at}[call_to_actions] must have at most 20 elements`);
    actions.forEach((item, itemIndex) => {
      checkMenuItem(item, `${at}[call_to_actions][${itemIndex}]`);
    });
  });
}
