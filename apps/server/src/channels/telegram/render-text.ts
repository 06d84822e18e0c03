import { splitText } from '../channel-text.ts';
import { addCall, type RenderContext } from './telegram-render-context.ts';

/** A text as one sendMessage per ≤ 4096-character piece; `replyMarkup` goes on the last piece. */
export function renderText(text: string, context: RenderContext, replyMarkup?: unknown): boolean {
  const pieces = splitText(text);
  pieces.forEach((piece, index) => {
    const isLast = index === pieces.length - 1;
    addCall(
      context,
      'sendMessage',
      isLast && replyMarkup ? { text: piece, reply_markup: replyMarkup } : { text: piece },
    );
  });
  return pieces.length > 0;
}
