import type { BotMessage, BotMessageType } from '@hiwar/contracts';
import { type MessageRenderers, renderBotMessages } from '../render-bot-messages.ts';
import { MAX_PAYLOAD_LENGTH } from './messenger-payload-key.ts';
import {
  type MessengerRenderOptions,
  noteDegraded,
  type RenderContext,
  type RenderOutput,
} from './messenger-render-context.ts';
import { MAX_ELEMENT_BUTTONS, MAX_ELEMENTS, MAX_TITLE_LENGTH, renderCards } from './render-cards.ts';
import { renderLocations } from './render-locations.ts';
import { renderMedia } from './render-media.ts';
import { MAX_QUICK_REPLIES, renderQuickReplies } from './render-quick-replies.ts';
import { renderReceipt } from './render-receipt.ts';
import { MAX_TEXT_LENGTH, renderText } from './render-text.ts';

export type {
  MessengerLanguage,
  MessengerMessage,
  MessengerRenderOptions,
  RenderOutput,
} from './messenger-render-context.ts';

/**
 * How Messenger shows each canonical message: `native` with its own Send API message, `as_text` degraded to a
 * text and noted in the turn's trace (a location has no pin to send; advert HTML is plain text). A receipt is
 * the receipt template when it is an order's (render-receipt.ts), else its text.
 */
export const messengerCapabilities = {
  support: {
    text: 'native',
    cards: 'native',
    quick_replies: 'native',
    image: 'native',
    video: 'native',
    location: 'as_text',
    advert: 'as_text',
    receipt: 'native',
  } satisfies Record<BotMessageType, 'native' | 'as_text'>,
  limits: {
    textLength: MAX_TEXT_LENGTH,
    elements: MAX_ELEMENTS,
    elementButtons: MAX_ELEMENT_BUTTONS,
    titleLength: MAX_TITLE_LENGTH,
    quickReplies: MAX_QUICK_REPLIES,
    payloadLength: MAX_PAYLOAD_LENGTH,
  },
} as const;

const renderers: MessageRenderers<RenderContext> = {
  text: renderText,
  cards: renderCards,
  quickReplies: renderQuickReplies,
  media: renderMedia,
  locations: renderLocations,
  receipt: renderReceipt,
  note: noteDegraded,
};

/**
 * The runtime's replies as Send API `message` objects in send order; `degraded` names what could not be shown
 * as-is. Pure: postback payloads reach Messenger only through `options.payloadKey`.
 */
export function renderForMessenger(
  messages: readonly BotMessage[],
  options: MessengerRenderOptions,
): RenderOutput {
  const context: RenderContext = { ...options, out: { messages: [], degraded: [] } };
  renderBotMessages(messages, context, renderers);
  return context.out;
}
