import type { BotMessage, BotMessageType } from '@hiwar/contracts';
import { type MessageRenderers, renderBotMessages } from '../render-bot-messages.ts';
import {
  type GoogleChatRenderOptions,
  MAX_BUTTON_TEXT_LENGTH,
  MAX_CARD_WIDGETS,
  MAX_TEXT_LENGTH,
  noteDegraded,
  type RenderContext,
  type RenderOutput,
} from './google-chat-render-context.ts';
import { renderCards } from './render-cards.ts';
import { renderLocations } from './render-locations.ts';
import { renderImage, renderVideo } from './render-media.ts';
import { renderQuickReplies } from './render-quick-replies.ts';
import { renderText } from './render-text.ts';

export type { ChatMessageBody, GoogleChatRenderOptions, RenderOutput } from './google-chat-render-context.ts';

/**
 * How Google Chat shows each canonical message: `native` as a text or a Cards v2 card, `as_text` degraded to a
 * text (a link for a video and places) and noted in the turn's trace. The compiler checks every type is named.
 */
export const googleChatCapabilities = {
  support: {
    text: 'native',
    cards: 'native',
    quick_replies: 'native',
    image: 'native',
    video: 'as_text',
    location: 'as_text',
    advert: 'as_text',
    receipt: 'as_text',
  } satisfies Record<BotMessageType, 'native' | 'as_text'>,
  limits: { textLength: MAX_TEXT_LENGTH, cardWidgets: MAX_CARD_WIDGETS, buttonText: MAX_BUTTON_TEXT_LENGTH },
} as const;

const renderers: MessageRenderers<RenderContext> = {
  text: renderText,
  cards: renderCards,
  quickReplies: renderQuickReplies,
  media: (kind, url, context) => (kind === 'image' ? renderImage(url, context) : renderVideo(url, context)),
  locations: renderLocations,
  note: noteDegraded,
};

/**
 * The runtime's replies as Google Chat message bodies, in send order; `degraded` names what could not be shown
 * as-is. Pure: postback payloads reach a button only through `options.payloadKey`.
 */
export function renderForGoogleChat(
  messages: readonly BotMessage[],
  options: GoogleChatRenderOptions,
): RenderOutput {
  const context: RenderContext = { ...options, out: { messages: [], degraded: [] } };
  renderBotMessages(messages, context, renderers);
  return context.out;
}
