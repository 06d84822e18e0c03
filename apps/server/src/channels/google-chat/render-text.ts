import { splitText } from '../channel-text.ts';
import {
  addMessage,
  type ChatCard,
  MAX_TEXT_LENGTH,
  type RenderContext,
} from './google-chat-render-context.ts';

/** A text as one message per ≤ 4,096-character piece; `cards` go with the last piece. */
export function renderText(text: string, context: RenderContext, cards?: ChatCard[]): boolean {
  const pieces = splitText(text, MAX_TEXT_LENGTH);
  pieces.forEach((piece, index) => {
    const isLast = index === pieces.length - 1;
    addMessage(context, isLast && cards ? { text: piece, cardsV2: cards } : { text: piece });
  });
  return pieces.length > 0;
}
