import type { BotMessage, BotMessageType } from '@hiwar/contracts';
import { MAX_CAPTION_LENGTH, MAX_TEXT_LENGTH } from '../channel-text.ts';
import { MAX_CALLBACK_DATA_BYTES } from '../payload-key.ts';
import { type MessageRenderers, renderBotMessages } from '../render-bot-messages.ts';
import { renderCards } from './render-cards.ts';
import { renderLocations } from './render-locations.ts';
import { MAX_REPLY_LABEL_LENGTH, renderQuickReplies } from './render-quick-replies.ts';
import { renderText } from './render-text.ts';
import {
  addCall,
  mediaAddress,
  noteDegraded,
  type RenderContext,
  type RenderOutput,
  type TelegramRenderOptions,
} from './telegram-render-context.ts';

export { MAX_CALLBACK_DATA_BYTES, shortPayloadKey } from '../payload-key.ts';
export { telegramReplyLabel } from './render-quick-replies.ts';
export type {
  TelegramCall,
  TelegramLanguage,
  TelegramMethod,
  TelegramRenderOptions,
} from './telegram-render-context.ts';

/**
 * How Telegram shows each canonical message: `native` with its own Bot API call (cards one message each, no
 * carousel), `as_text` degraded to a plain text and noted in the turn's trace. The compiler checks every
 * message type is named.
 */
export const telegramCapabilities = {
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
  limits: {
    textLength: MAX_TEXT_LENGTH,
    captionLength: MAX_CAPTION_LENGTH,
    callbackDataBytes: MAX_CALLBACK_DATA_BYTES,
    replyLabelLength: MAX_REPLY_LABEL_LENGTH,
  },
} as const;

function renderMedia(kind: 'image' | 'video', url: string, context: RenderContext): void {
  const address = mediaAddress(url, context);
  if (!address) {
    noteDegraded(context, `${kind} left out: not an http(s) address`);
    return;
  }
  if (kind === 'image') addCall(context, 'sendPhoto', { photo: address });
  else addCall(context, 'sendVideo', { video: address });
}

const renderers: MessageRenderers<RenderContext> = {
  text: renderText,
  cards: renderCards,
  quickReplies: renderQuickReplies,
  media: renderMedia,
  locations: renderLocations,
  note: noteDegraded,
};

/**
 * The runtime's replies as Telegram Bot API calls, in send order, each with `chat_id`; `degraded` names what
 * could not be shown as-is (for the turn's trace). Pure: postback payloads become `callback_data` only through
 * `options.payloadKey`, which throws here when it breaks Telegram's 1–64 bytes.
 */
export function renderForTelegram(
  messages: readonly BotMessage[],
  options: TelegramRenderOptions,
): RenderOutput {
  const context: RenderContext = { ...options, out: { calls: [], degraded: [] } };
  renderBotMessages(messages, context, renderers);
  return context.out;
}
