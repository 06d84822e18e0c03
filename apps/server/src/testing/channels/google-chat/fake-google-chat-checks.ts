/** What the fake Google Chat API refuses in a `spaces.messages.create` body, as Google refuses it. */

export class InvalidArgument extends Error {}

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWebUrl = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const MAX_TEXT_LENGTH = 4096;
export const MAX_WIDGETS = 100;

function checkButton(button: unknown, at: string): void {
  if (!isObject(button)) throw new InvalidArgument(`${at}: a button is an object`);
  if (typeof button.text !== 'string' || button.text.trim() === '')
    throw new InvalidArgument(`${at}.text: a button needs a text`);
  const onClick = button.onClick;
  if (!isObject(onClick)) throw new InvalidArgument(`${at}.onClick is required`);
  const kinds = Object.keys(onClick);
  if (kinds.length !== 1) throw new InvalidArgument(`${at}.onClick: exactly one of openLink, action`);
  if (isObject(onClick.openLink)) {
    if (!isWebUrl(onClick.openLink.url)) throw new InvalidArgument(`${at}.onClick.openLink.url is not a URL`);
    return;
  }
  if (!isObject(onClick.action)) throw new InvalidArgument(`${at}.onClick: unknown kind ${kinds[0]}`);
  const action = onClick.action;
  if (typeof action.function !== 'string' || action.function === '')
    throw new InvalidArgument(`${at}.onClick.action.function is required`);
  const parameters = action.parameters ?? [];
  if (!Array.isArray(parameters)) throw new InvalidArgument(`${at}.onClick.action.parameters is a list`);
  for (const parameter of parameters) {
    if (!isObject(parameter) || typeof parameter.key !== 'string' || typeof parameter.value !== 'string')
      throw new InvalidArgument(`${at}.onClick.action.parameters: {key, value} strings`);
  }
}

function checkWidget(widget: unknown, at: string): void {
  if (!isObject(widget)) throw new InvalidArgument(`${at}: a widget is an object`);
  const kinds = Object.keys(widget);
  if (kinds.length !== 1) throw new InvalidArgument(`${at}: a widget has exactly one kind`);
  const [kind] = kinds;
  const value = widget[kind ?? ''];
  if (!isObject(value)) throw new InvalidArgument(`${at}.${kind} is an object`);
  switch (kind) {
    case 'textParagraph':
      if (typeof value.text !== 'string' || value.text === '')
        throw new InvalidArgument(`${at}.textParagraph.text`);
      return;
    case 'image':
      if (!isWebUrl(value.imageUrl)) throw new InvalidArgument(`${at}.image.imageUrl is not a URL`);
      return;
    case 'buttonList': {
      const buttons = value.buttons;
      if (!Array.isArray(buttons) || buttons.length === 0)
        throw new InvalidArgument(`${at}.buttonList.buttons is empty`);
      for (const [index, button] of buttons.entries())
        checkButton(button, `${at}.buttonList.buttons[${index}]`);
      return;
    }
    default:
      throw new InvalidArgument(`${at}: unknown widget ${kind}`);
  }
}

function checkCard(entry: unknown, index: number, cardIds: Set<string>): void {
  const at = `cardsV2[${index}]`;
  if (!isObject(entry)) throw new InvalidArgument(`${at} is an object`);
  if (typeof entry.cardId !== 'string' || entry.cardId === '')
    throw new InvalidArgument(`${at}.cardId is required`);
  if (cardIds.has(entry.cardId)) throw new InvalidArgument(`${at}.cardId repeated`);
  cardIds.add(entry.cardId);
  const card = entry.card;
  if (!isObject(card)) throw new InvalidArgument(`${at}.card is required`);
  if (card.header !== undefined) {
    if (!isObject(card.header) || typeof card.header.title !== 'string' || card.header.title === '')
      throw new InvalidArgument(`${at}.card.header.title is required`);
    if (card.header.imageUrl !== undefined && !isWebUrl(card.header.imageUrl))
      throw new InvalidArgument(`${at}.card.header.imageUrl is not a URL`);
  }
  const sections = card.sections;
  if (!Array.isArray(sections) || sections.length === 0)
    throw new InvalidArgument(`${at}.card.sections is empty`);
  let widgetCount = 0;
  sections.forEach((section, sectionIndex) => {
    const widgets = isObject(section) ? section.widgets : undefined;
    if (!Array.isArray(widgets) || widgets.length === 0)
      throw new InvalidArgument(`${at}.card.sections[${sectionIndex}].widgets is empty`);
    widgetCount += widgets.length;
    for (const [widgetIndex, widget] of widgets.entries())
      checkWidget(widget, `${at}.card.sections[${sectionIndex}].widgets[${widgetIndex}]`);
  });
  if (widgetCount > MAX_WIDGETS) throw new InvalidArgument(`${at}: more than ${MAX_WIDGETS} widgets`);
}

/** Throws InvalidArgument unless Google would create this message. */
export function checkMessage(body: unknown): void {
  if (!isObject(body)) throw new InvalidArgument('the body is not a message');
  const hasText = typeof body.text === 'string' && body.text !== '';
  if (body.text !== undefined && typeof body.text !== 'string') throw new InvalidArgument('text is a string');
  if (hasText && (body.text as string).length > MAX_TEXT_LENGTH)
    throw new InvalidArgument(`text is longer than ${MAX_TEXT_LENGTH} characters`);
  const cards = body.cardsV2;
  if (cards !== undefined && (!Array.isArray(cards) || cards.length === 0))
    throw new InvalidArgument('cardsV2 is a non-empty list');
  if (!hasText && !cards) throw new InvalidArgument('Message cannot be empty');
  const cardIds = new Set<string>();
  for (const [index, card] of ((cards ?? []) as unknown[]).entries()) checkCard(card, index, cardIds);
}
