import type { BotMessage, BotMessageType } from '@hiwar/contracts';
import { type MessageRenderers, renderBotMessages } from '../render-bot-messages.ts';
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

const renderers: MessageRenderers<RenderContext> = {
  text: renderText,
  cards: renderCards,
  quickReplies: renderQuickReplies,
  media: renderMedia,
  locations: renderLocations,
  note: noteDegraded,
};

/**
 * The runtime's replies as Cloud API messages, in send order (without `messaging_product` and `to`); `degraded`
 * names what could not be shown as-is. Pure: payloads become button ids only through `options.payloadKey`.
 */
export function renderForWhatsapp(
  messages: readonly BotMessage[],
  options: WhatsappRenderOptions,
): RenderOutput {
  const context: RenderContext = { ...options, out: { messages: [], degraded: [] } };
  renderBotMessages(messages, context, renderers);
  return context.out;
}
