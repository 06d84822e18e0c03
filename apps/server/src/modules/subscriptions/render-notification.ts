import type { BotMessage, Card, CardButton, NotificationData, WhatsappTemplate } from '@hiwar/contracts';

const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

function hostOf(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}

/** A button's value opens an address, or is sent back as the subscriber's choice (as a quick reply is). */
function buttonsOf(data: NotificationData): CardButton[] {
  const buttons: CardButton[] = data.buttons.map((button) => ({
    label: button.item_label_key,
    type: isWebAddress(button.item_value_key) ? 'url' : 'postback',
    value: button.item_value_key,
  }));
  // a custom link is where the notification leads: its own button when the owner gave none to it
  if (
    data.redirect_type === 'custom_link' &&
    data.redirect_link !== '' &&
    buttons.length < 3 &&
    !buttons.some((button) => button.value === data.redirect_link)
  ) {
    buttons.push({ label: hostOf(data.redirect_link), type: 'url', value: data.redirect_link });
  }
  return buttons;
}

function textOf(data: NotificationData): string {
  return [data.title, data.subtitle].filter((part) => part !== '').join('\n');
}

/**
 * A notification as the canonical bot messages (what the web messenger shows; a channel adapter renders the
 * same messages for its platform): text, or a card when it has buttons; a card; an image or video with its
 * title and subtitle as a card when there is something to say or tap, else alone.
 */
export function renderNotification(data: NotificationData): BotMessage[] {
  const buttons = buttonsOf(data);
  if (data.type === 'text') {
    if (buttons.length === 0) return [{ type: 'text', text: textOf(data) }];
    return [{ type: 'cards', cards: [{ title: data.title, subtitle: data.subtitle, media: '', buttons }] }];
  }
  if (data.type === 'card') {
    const card: Card = { title: data.title, subtitle: data.subtitle, media: data.media, buttons };
    return [{ type: 'cards', cards: [card] }];
  }
  const media: BotMessage = { type: data.type, url: data.media };
  if (buttons.length > 0) {
    return [
      media,
      { type: 'cards', cards: [{ title: data.title, subtitle: data.subtitle, media: '', buttons }] },
    ];
  }
  const text = textOf(data);
  return text === '' ? [media] : [media, { type: 'text', text }];
}

/** Where a notification leads: its custom link, else its first button that opens an address; '' when nowhere. */
function linkOf(data: NotificationData): string {
  if (data.redirect_type === 'custom_link' && data.redirect_link !== '') return data.redirect_link;
  return buttonsOf(data).find((button) => button.type === 'url')?.value ?? '';
}

/**
 * The template's body parameters filled from the notification (its title, subtitle or link, in the order the owner
 * named them); null when one of them is empty here — a template parameter may not be.
 */
export function templateParamsOf(template: WhatsappTemplate, data: NotificationData): string[] | null {
  const values = { title: data.title.trim(), subtitle: data.subtitle.trim(), link: linkOf(data) };
  const params = template.params.map((param) => values[param]);
  return params.some((value) => value === '') ? null : params;
}
