import type { Card, CardButton } from '@hiwar/contracts';
import { cutText, isWebAddress } from '../channel-text.ts';
import { replyIdOf } from './render-quick-replies.ts';
import { interactiveBody, renderText } from './render-text.ts';
import { WHATSAPP_LIMITS } from './whatsapp-limits.ts';
import {
  addMessage,
  choosePrompt,
  mediaAddress,
  noteDegraded,
  type RenderContext,
} from './whatsapp-render-context.ts';

/** A url button as a line of the text: "label: address" (WhatsApp's reply buttons carry no link). */
function linkLine(button: CardButton, context: RenderContext): string | null {
  const address = button.value.trim();
  if (!isWebAddress(address)) {
    noteDegraded(context, `card button "${button.label}" left out: not an http(s) address`);
    return null;
  }
  noteDegraded(context, `card link "${button.label}" sent as a text link`);
  return button.label.trim() === '' ? address : `${button.label.trim()}: ${address}`;
}

function replyButtonsOf(buttons: readonly CardButton[], context: RenderContext) {
  const replies: { type: 'reply'; reply: { id: string; title: string } }[] = [];
  for (const button of buttons.slice(0, WHATSAPP_LIMITS.replyButtons)) {
    const title = cutText(button.label.trim(), WHATSAPP_LIMITS.replyButtonTitleLength);
    if (title === '') noteDegraded(context, 'card button without a label left out (postback)');
    else if (replies.some((reply) => reply.reply.title === title))
      noteDegraded(context, `card button "${title}" repeated: left out`);
    else {
      if (title !== button.label.trim())
        noteDegraded(context, `button title cut to ${WHATSAPP_LIMITS.replyButtonTitleLength} characters`);
      replies.push({ type: 'reply', reply: { id: replyIdOf(button.value, context), title } });
    }
  }
  return replies;
}

/**
 * A card with postback buttons: an interactive `button` message, its image as the header, title and subtitle
 * (and its links) as the body. Without postback buttons: an image with that caption, or a text.
 */
function renderCard(card: Card, context: RenderContext): void {
  const links = card.buttons
    .filter((button) => button.type === 'url')
    .flatMap((button) => linkLine(button, context) ?? []);
  const text = [card.title, card.subtitle, ...links].filter((part) => part.trim() !== '').join('\n');
  const postbacks = card.buttons.filter((button) => button.type === 'postback');
  const buttons = replyButtonsOf(postbacks, context);
  const image = card.media.trim() === '' ? null : mediaAddress(card.media, context);
  if (card.media.trim() !== '' && !image)
    noteDegraded(context, 'card image left out: not an http(s) address');

  if (buttons.length > 0) {
    const header = image ? { header: { type: 'image', image: { link: image } } } : {};
    addMessage(context, {
      type: 'interactive',
      interactive: {
        type: 'button',
        ...header,
        body: { text: interactiveBody(text, context, choosePrompt(context)) },
        action: { buttons },
      },
    });
    return;
  }
  if (image) {
    const caption = cutText(text, WHATSAPP_LIMITS.captionLength);
    if (caption !== text)
      noteDegraded(context, `card caption cut to ${WHATSAPP_LIMITS.captionLength} characters`);
    addMessage(context, { type: 'image', image: { link: image, ...(caption !== '' && { caption }) } });
    return;
  }
  if (!renderText(text, context)) noteDegraded(context, 'empty card left out');
}

/** Cards, one message each (the Cloud API has no carousel of free-form cards). */
export function renderCards(cards: readonly Card[], context: RenderContext): void {
  for (const card of cards) renderCard(card, context);
}
