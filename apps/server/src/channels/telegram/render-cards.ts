import type { Card, CardButton } from '@hiwar/contracts';
import { cutText, isWebAddress, MAX_CAPTION_LENGTH } from '../channel-text.ts';
import { MAX_CALLBACK_DATA_BYTES, utf8ByteLength } from '../payload-key.ts';
import { renderText } from './render-text.ts';
import {
  addCall,
  choosePrompt,
  mediaAddress,
  noteDegraded,
  type RenderContext,
} from './telegram-render-context.ts';

type InlineButton = { text: string; url: string } | { text: string; callback_data: string };

/** The key the caller's `payloadKey` gives, refused unless Telegram would take it as `callback_data`. */
export function callbackDataOf(payload: string, context: RenderContext): string {
  const key = context.payloadKey(payload);
  const bytes = typeof key === 'string' ? utf8ByteLength(key) : 0;
  if (bytes < 1 || bytes > MAX_CALLBACK_DATA_BYTES) {
    throw new Error(
      `payloadKey gave a callback_data of ${bytes} bytes; Telegram takes 1–${MAX_CALLBACK_DATA_BYTES}`,
    );
  }
  return key;
}

function inlineButtonOf(button: CardButton, context: RenderContext): InlineButton | null {
  if (button.label.trim() === '') {
    noteDegraded(context, `card button without a label left out (${button.type})`);
    return null;
  }
  if (button.type === 'url') {
    if (isWebAddress(button.value.trim())) return { text: button.label, url: button.value.trim() };
    noteDegraded(context, `card button "${button.label}" left out: not an http(s) address`);
    return null;
  }
  // every payload goes through the key, so no title or payload ever reaches callback_data as it is
  return { text: button.label, callback_data: callbackDataOf(button.value, context) };
}

function renderCard(card: Card, context: RenderContext): void {
  const text = [card.title, card.subtitle].filter((part) => part.trim() !== '').join('\n');
  const buttons = card.buttons.flatMap((button) => inlineButtonOf(button, context) ?? []);
  // one button a row: labels are the card's own and may be long
  const replyMarkup = buttons.length > 0 ? { inline_keyboard: buttons.map((button) => [button]) } : undefined;
  const photo = card.media.trim() === '' ? null : mediaAddress(card.media, context);
  if (card.media.trim() !== '' && !photo)
    noteDegraded(context, 'card image left out: not an http(s) address');

  if (photo) {
    const caption = cutText(text, MAX_CAPTION_LENGTH);
    if (caption !== text) noteDegraded(context, `card caption cut to ${MAX_CAPTION_LENGTH} characters`);
    addCall(context, 'sendPhoto', {
      photo,
      ...(caption !== '' && { caption }),
      ...(replyMarkup && { reply_markup: replyMarkup }),
    });
    return;
  }
  if (text === '' && !replyMarkup) {
    noteDegraded(context, 'empty card left out');
    return;
  }
  renderText(text === '' ? choosePrompt(context) : text, context, replyMarkup);
}

/** Cards, one after another (Telegram has no carousel): a photo with its caption and buttons, or a text. */
export function renderCards(cards: readonly Card[], context: RenderContext): void {
  for (const card of cards) renderCard(card, context);
}
