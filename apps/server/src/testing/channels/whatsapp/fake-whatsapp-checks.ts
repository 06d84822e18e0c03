/** What the fake Cloud API refuses, as WhatsApp refuses it (Graph's `{error: {message, type, code}}`). */
export class GraphRefusal extends Error {
  readonly code;
  readonly status;
  constructor(message: string, code = 100, status = 400) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function textField(value: unknown, what: string, max: number, min = 1): string {
  if (typeof value !== 'string') throw new GraphRefusal(`(#100) The parameter ${what} is required.`);
  if (value.length < min || value.length > max) {
    throw new GraphRefusal(
      `(#131009) Parameter value is not valid: ${what} must be ${min}–${max} characters`,
      131009,
    );
  }
  return value;
}

function checkMedia(media: unknown, kind: string): void {
  if (!isObject(media)) throw new GraphRefusal(`(#100) The parameter ${kind} is required.`);
  const link = media.link;
  if (typeof link !== 'string' || !/^https?:\/\//.test(link))
    throw new GraphRefusal(`(#100) ${kind}.link must be an http(s) address`);
  if (media.caption !== undefined) textField(media.caption, `${kind}.caption`, 1024);
}

function checkButtons(action: Body): void {
  const buttons = action.buttons;
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3)
    throw new GraphRefusal('(#131009) Parameter value is not valid: buttons must be 1–3', 131009);
  const ids = new Set<string>();
  const titles = new Set<string>();
  for (const button of buttons) {
    if (!isObject(button) || button.type !== 'reply' || !isObject(button.reply))
      throw new GraphRefusal('(#100) Invalid parameter: button type must be reply');
    const id = textField(button.reply.id, 'button.reply.id', 256);
    const title = textField(button.reply.title, 'button.reply.title', 20);
    if (ids.has(id) || titles.has(title))
      throw new GraphRefusal('(#131009) Parameter value is not valid: buttons must be unique', 131009);
    ids.add(id);
    titles.add(title);
  }
}

function checkList(action: Body): void {
  textField(action.button, 'action.button', 20);
  const sections = action.sections;
  if (!Array.isArray(sections) || sections.length < 1 || sections.length > 10)
    throw new GraphRefusal('(#131009) Parameter value is not valid: sections must be 1–10', 131009);
  const ids = new Set<string>();
  for (const section of sections) {
    if (!isObject(section) || !Array.isArray(section.rows) || section.rows.length === 0)
      throw new GraphRefusal('(#100) Invalid parameter: a section needs rows');
    if (section.title !== undefined || sections.length > 1) textField(section.title, 'section.title', 24);
    for (const row of section.rows) {
      if (!isObject(row)) throw new GraphRefusal('(#100) Invalid parameter: row');
      const id = textField(row.id, 'row.id', 200);
      textField(row.title, 'row.title', 24);
      if (row.description !== undefined) textField(row.description, 'row.description', 72);
      if (ids.has(id))
        throw new GraphRefusal('(#131009) Parameter value is not valid: row ids must be unique', 131009);
      ids.add(id);
    }
  }
  if (ids.size > 10)
    throw new GraphRefusal('(#131009) Parameter value is not valid: at most 10 rows', 131009);
}

function checkInteractive(interactive: unknown): void {
  if (!isObject(interactive)) throw new GraphRefusal('(#100) The parameter interactive is required.');
  if (!isObject(interactive.body))
    throw new GraphRefusal('(#100) The parameter interactive.body is required.');
  textField(interactive.body.text, 'interactive.body.text', 1024);
  if (interactive.footer !== undefined) textField((interactive.footer as Body)?.text, 'footer.text', 60);
  const header = interactive.header;
  if (header !== undefined) {
    if (!isObject(header)) throw new GraphRefusal('(#100) Invalid parameter: header');
    if (header.type === 'text') textField(header.text, 'header.text', 60);
    else if (header.type === 'image') checkMedia(header.image, 'header.image');
    else throw new GraphRefusal('(#100) Invalid parameter: header.type');
  }
  const action = interactive.action;
  if (!isObject(action)) throw new GraphRefusal('(#100) The parameter interactive.action is required.');
  if (interactive.type === 'button') checkButtons(action);
  else if (interactive.type === 'list') checkList(action);
  else throw new GraphRefusal('(#100) Invalid parameter: interactive.type');
}

/** A template message's shape: a name, a language code, body parameters as text without new lines (132018). */
function checkTemplate(template: unknown): void {
  if (!isObject(template)) throw new GraphRefusal('(#100) The parameter template is required.');
  textField(template.name, 'template.name', 512);
  if (!isObject(template.language))
    throw new GraphRefusal('(#100) The parameter template.language is required.');
  textField(template.language.code, 'template.language.code', 10);
  const components = template.components ?? [];
  if (!Array.isArray(components)) throw new GraphRefusal('(#100) Invalid parameter: template.components');
  for (const component of components) {
    if (!isObject(component) || component.type !== 'body' || !Array.isArray(component.parameters))
      throw new GraphRefusal('(#100) Invalid parameter: template.components');
    for (const parameter of component.parameters) {
      if (!isObject(parameter) || parameter.type !== 'text')
        throw new GraphRefusal('(#100) Invalid parameter: a body parameter must be text');
      const text = textField(parameter.text, 'parameter.text', 1024);
      if (/[\n\t]| {5,}/.test(text))
        throw new GraphRefusal(
          '(#132018) There was an issue with the parameters in your template: Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
          132018,
        );
    }
  }
}

/** The number of body parameters a template message carries. */
export function templateParamsCount(body: Body): number {
  const components = (body.template as Body | undefined)?.components;
  if (!Array.isArray(components)) return 0;
  return components.reduce(
    (count: number, component: Body) =>
      count + (Array.isArray(component.parameters) ? component.parameters.length : 0),
    0,
  );
}

/** Checks a `POST /{phone_number_id}/messages` body; answers its recipient, or throws a GraphRefusal. */
export function checkMessage(body: Body): string {
  if (body.messaging_product !== 'whatsapp')
    throw new GraphRefusal('(#100) The parameter messaging_product is required.');
  const callbackData = body.biz_opaque_callback_data;
  if (callbackData !== undefined && (typeof callbackData !== 'string' || callbackData.length > 512))
    throw new GraphRefusal(
      '(#100) Param biz_opaque_callback_data must be a string of at most 512 characters',
    );
  // `to` a phone number, or `recipient` a business-scoped user id ("US.13491208655302741918"); `to` wins
  const to = body.to ?? body.recipient;
  const isAddressed =
    body.to !== undefined
      ? typeof body.to === 'string' && /^\+?\d{6,20}$/.test(body.to)
      : typeof body.recipient === 'string' && /^[A-Z]{2}\.[A-Za-z0-9]{6,64}$/.test(body.recipient);
  if (!isAddressed || typeof to !== 'string')
    throw new GraphRefusal('(#100) Invalid parameter: to must be a phone number or wa_id, recipient a BSUID');
  switch (body.type ?? 'text') {
    case 'text':
      if (!isObject(body.text)) throw new GraphRefusal('(#100) The parameter text is required.');
      textField(body.text.body, 'text.body', 4096);
      break;
    case 'image':
    case 'video':
      checkMedia(body[String(body.type)], String(body.type));
      break;
    case 'location': {
      const location = body.location;
      if (
        !isObject(location) ||
        typeof location.latitude !== 'number' ||
        typeof location.longitude !== 'number' ||
        Math.abs(location.latitude) > 90 ||
        Math.abs(location.longitude) > 180
      )
        throw new GraphRefusal('(#100) Invalid parameter: location');
      break;
    }
    case 'interactive':
      checkInteractive(body.interactive);
      break;
    case 'template':
      checkTemplate(body.template);
      break;
    default:
      throw new GraphRefusal(`(#100) Invalid parameter: type ${String(body.type)}`);
  }
  return to;
}
