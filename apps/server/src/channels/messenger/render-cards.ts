import type { Card, CardButton } from '@hiwar/contracts';
import { cutText, isWebAddress } from '../channel-text.ts';
import {
  addMessage,
  mediaAddress,
  noteDegraded,
  payloadOf,
  type RenderContext,
} from './messenger-render-context.ts';

/** The generic template's limits (PLATFORM-NOTES.md "Messenger"). */
export const MAX_ELEMENTS = 10;
export const MAX_ELEMENT_BUTTONS = 3;
export const MAX_TITLE_LENGTH = 80;
export const MAX_SUBTITLE_LENGTH = 80;
export const MAX_BUTTON_TITLE_LENGTH = 20;

type TemplateButton =
  | { type: 'web_url'; url: string; title: string }
  | { type: 'postback'; title: string; payload: string };

function cut(text: string, limit: number, what: string, context: RenderContext): string {
  const cutDown = cutText(text.trim(), limit);
  if (cutDown !== text.trim()) noteDegraded(context, `${what} cut to ${limit} characters`);
  return cutDown;
}

function buttonOf(button: CardButton, context: RenderContext): TemplateButton | null {
  if (button.label.trim() === '') {
    noteDegraded(context, `card button without a label left out (${button.type})`);
    return null;
  }
  const title = cut(button.label, MAX_BUTTON_TITLE_LENGTH, 'card button title', context);
  if (button.type === 'url') {
    if (isWebAddress(button.value.trim())) return { type: 'web_url', url: button.value.trim(), title };
    noteDegraded(context, `card button "${button.label}" left out: not an http(s) address`);
    return null;
  }
  return { type: 'postback', title, payload: payloadOf(button.value, context) };
}

function elementOf(card: Card, context: RenderContext): Record<string, unknown> | null {
  const buttons = card.buttons.flatMap((button) => buttonOf(button, context) ?? []);
  if (buttons.length > MAX_ELEMENT_BUTTONS) noteDegraded(context, 'card buttons after the third left out');
  const image = card.media.trim() === '' ? null : mediaAddress(card.media, context);
  if (card.media.trim() !== '' && !image)
    noteDegraded(context, 'card image left out: not an http(s) address');
  // a title is required: a card without one shows its subtitle as the title
  const titleText = card.title.trim() || card.subtitle.trim();
  if (titleText === '' && !image && buttons.length === 0) {
    noteDegraded(context, 'empty card left out');
    return null;
  }
  const subtitle = card.title.trim() === '' ? '' : card.subtitle.trim();
  return {
    title: titleText === '' ? '…' : cut(titleText, MAX_TITLE_LENGTH, 'card title', context),
    ...(subtitle !== '' && { subtitle: cut(subtitle, MAX_SUBTITLE_LENGTH, 'card subtitle', context) }),
    ...(image && { image_url: image }),
    ...(buttons.length > 0 && { buttons: buttons.slice(0, MAX_ELEMENT_BUTTONS) }),
  };
}

/** Cards as a generic template (a carousel): up to 10 elements a message, a further template after. */
export function renderCards(cards: readonly Card[], context: RenderContext): void {
  const elements = cards.flatMap((card) => elementOf(card, context) ?? []);
  for (let start = 0; start < elements.length; start += MAX_ELEMENTS) {
    addMessage(context, {
      attachment: {
        type: 'template',
        payload: { template_type: 'generic', elements: elements.slice(start, start + MAX_ELEMENTS) },
      },
    });
  }
}
