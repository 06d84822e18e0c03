import type { BotMessage, Card, MapLocation, ReceiptMessage, ReplyOption } from '@hiwar/contracts';
import { advertText } from './advert-text.ts';

/** One channel's renderer of each message type (its own files); `note` records what had to be degraded. */
export interface MessageRenderers<C> {
  /** false when there was nothing to send */
  text(text: string, context: C): boolean;
  cards(cards: Card[], context: C): void;
  quickReplies(text: string, replies: ReplyOption[], context: C): void;
  media(kind: 'image' | 'video', url: string, context: C): void;
  locations(locations: MapLocation[], context: C): void;
  /** a platform's own receipt (Messenger's template); false, or absent, sends the receipt's text */
  receipt?(receipt: ReceiptMessage, context: C): boolean;
  note(context: C, note: string): void;
}

/**
 * Renders the runtime's replies through a channel's renderers, one message type each. The same for every
 * channel: an advert goes as text (noted), a receipt as the platform's own where it has one, else as text
 * (noted), an empty text is left out (noted).
 */
export function renderBotMessages<C>(
  messages: readonly BotMessage[],
  context: C,
  renderers: MessageRenderers<C>,
): void {
  for (const message of messages) {
    switch (message.type) {
      case 'text':
        if (!renderers.text(message.text, context)) renderers.note(context, 'empty text left out');
        break;
      case 'cards':
        renderers.cards(message.cards, context);
        break;
      case 'quick_replies':
        renderers.quickReplies(message.text, message.replies, context);
        break;
      case 'image':
      case 'video':
        renderers.media(message.type, message.url, context);
        break;
      case 'location':
        renderers.locations(message.locations, context);
        break;
      case 'advert':
        renderers.note(context, 'advert sent as text');
        if (!renderers.text(advertText(message.html), context))
          renderers.note(context, 'advert without text left out');
        break;
      case 'receipt':
        if (renderers.receipt?.(message, context)) break;
        renderers.note(context, 'receipt sent as text');
        if (!renderers.text(message.text, context)) renderers.note(context, 'receipt without text left out');
        break;
    }
  }
}
