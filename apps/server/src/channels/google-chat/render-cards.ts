import type { Card, CardButton } from '@hiwar/contracts';
import { cutText, isWebAddress } from '../channel-text.ts';
import {
  addMessage,
  type ChatButton,
  type ChatCard,
  type ChatWidget,
  MAX_BUTTON_TEXT_LENGTH,
  mediaAddress,
  nextCardId,
  noteDegraded,
  postbackButton,
  type RenderContext,
} from './google-chat-render-context.ts';

function buttonOf(button: CardButton, context: RenderContext): ChatButton | null {
  const label = cutText(button.label.trim(), MAX_BUTTON_TEXT_LENGTH);
  if (label === '') {
    noteDegraded(context, `card button without a label left out (${button.type})`);
    return null;
  }
  if (button.type === 'url') {
    if (isWebAddress(button.value.trim()))
      return { text: label, onClick: { openLink: { url: button.value.trim() } } };
    noteDegraded(context, `card button "${button.label}" left out: not an http(s) address`);
    return null;
  }
  return postbackButton(label, button.value, context);
}

/**
 * A card as a Cards v2 card: the title and subtitle as its header, its picture as a full-width image widget
 * (the header's own image is a small avatar), its buttons as a button list. null for an empty card.
 */
function chatCardOf(card: Card, cardId: string, context: RenderContext): ChatCard | null {
  const title = card.title.trim();
  let subtitle = card.subtitle.trim();
  const widgets: ChatWidget[] = [];
  const picture = card.media.trim() === '' ? null : mediaAddress(card.media);
  if (card.media.trim() !== '' && !picture)
    noteDegraded(context, 'card image left out: not an http(s) address');
  if (picture) widgets.push({ image: { imageUrl: picture, ...(title !== '' && { altText: title }) } });
  // without a header (no title) or without any other widget, the subtitle is the card's paragraph
  const buttons = card.buttons.flatMap((button) => buttonOf(button, context) ?? []);
  if (subtitle !== '' && (title === '' || (widgets.length === 0 && buttons.length === 0))) {
    widgets.push({ textParagraph: { text: subtitle } });
    subtitle = '';
  }
  if (buttons.length > 0) widgets.push({ buttonList: { buttons } });
  if (widgets.length === 0 && title === '') {
    noteDegraded(context, 'empty card left out');
    return null;
  }
  // Google refuses a section without widgets: a card of a title alone repeats it as its paragraph
  if (widgets.length === 0) widgets.push({ textParagraph: { text: title } });
  const header = title === '' ? undefined : { title, ...(subtitle !== '' && { subtitle }) };
  return { cardId, card: { ...(header && { header }), sections: [{ widgets }] } };
}

/** The cards of one reply in one message, one under the other (Google Chat has no carousel). */
export function renderCards(cards: readonly Card[], context: RenderContext): void {
  const first = Number(nextCardId(context).slice('card-'.length));
  const chatCards = cards.flatMap((card, index) => chatCardOf(card, `card-${first + index}`, context) ?? []);
  if (chatCards.length > 0) addMessage(context, { cardsV2: chatCards });
}
