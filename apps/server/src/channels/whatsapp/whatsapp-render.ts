import type { BotMessage, BotMessageType } from '@hiwar/contracts';
import { advertText } from '../telegram/advert-text.ts';
import { renderCards } from './render-cards.ts';
import { renderLocations } from './render-locations.ts';
import { renderMedia } from './render-media.ts';
import { renderQuickReplies } from './render-quick-replies.ts';
import { renderText } from './render-text.ts';
import { WHATSAPP_LIMITS } from './whatsapp-limits.ts';
import {
  noteDegraded,
  type RenderContext,
  type RenderOutput,
  type WhatsappRenderOptions,
} from './whatsapp-render-context.ts';

export type { RenderOutput, WhatsappOutgoing, WhatsappRenderOptions } from './whatsapp-render-context.ts';

/**
 * How WhatsApp shows each canonical message: `native` with its own Cloud API message (cards one interactive
 * message each, their links as text), `as_text` degraded to a plain text and noted in the turn's trace.
 */
export const whatsappCapabilities = {
  support: {
    text: 'native',
    cards: 'native',
    quick_replies: 'native',
    image: 'native',
    video: 'native',
    location: 'native',
    advert: 'as_text',
    receipt: 'as_text',
  } satisfies Record<BotMessageType, 'native' | 'as_text'>,
  limits: WHATSAPP_LIMITS,
} as const;

function renderMessage(message: BotMessage, context: RenderContext): void {
  switch (message.type) {
    case 'text':
      if (!renderText(message.text, context)) noteDegraded(context, 'empty text left out');
      return;
    case 'cards':
      renderCards(message.cards, context);
      return;
    case 'quick_replies':
      renderQuickReplies(message.text, message.replies, context);
      return;
    case 'image':
    case 'video':
      renderMedia(message.type, message.url, context);
      return;
    case 'location':
      renderLocations(message.locations, context);
      return;
    case 'advert':
      noteDegraded(context, 'advert sent as text');
      if (!renderText(advertText(message.html), context))
        noteDegraded(context, 'advert without text left out');
      return;
    case 'receipt':
      noteDegraded(context, 'receipt sent as text');
      if (!renderText(message.text, context)) noteDegraded(context, 'receipt without text left out');
      return;
  }
}

/**
 * The runtime's replies as Cloud API messages, in send order (without `messaging_product` and `to`); `degraded`
 * names what could not be shown as-is. Pure: payloads become button ids only through `options.payloadKey`.
 */
export function renderForWhatsapp(
  messages: readonly BotMessage[],
  options: WhatsappRenderOptions,
): RenderOutput {
  const context: RenderContext = { ...options, out: { messages: [], degraded: [] } };
  for (const message of messages) renderMessage(message, context);
  return context.out;
}
