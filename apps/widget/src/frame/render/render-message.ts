import type { BotMessage } from '@hiwar/contracts';
import { renderAdvert } from './render-advert.ts';
import { renderCards } from './render-cards.ts';
import type { RenderContext } from './render-context.ts';
import { renderLocations } from './render-locations.ts';
import { renderImage, renderVideo } from './render-media.ts';
import { renderQuickReplies } from './render-quick-replies.ts';
import { renderReceipt } from './render-receipt.ts';
import { renderText } from './render-text.ts';

/** One bot message of the canonical set as DOM; null for a message it cannot show safely (a bad address). */
export function renderBotMessage(message: BotMessage, context: RenderContext): HTMLElement | null {
  switch (message.type) {
    case 'text':
      return renderText(message.text);
    case 'cards':
      return renderCards(message.cards, context);
    case 'quick_replies':
      return renderQuickReplies(message.text, message.replies, context);
    case 'image':
      return renderImage(message.url);
    case 'video':
      return renderVideo(message.url, context);
    case 'location':
      return renderLocations(message.locations, context);
    case 'advert':
      return renderAdvert(message.html, context);
    case 'receipt':
      return renderReceipt(message, context);
    default:
      // a newer server may answer a type this widget does not know yet: skip it rather than break the chat
      return null;
  }
}
