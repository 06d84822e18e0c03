import { splitText } from '../channel-text.ts';
import { addMessage, type RenderContext } from './messenger-render-context.ts';

/** Messenger refuses a text message over 2,000 characters. */
export const MAX_TEXT_LENGTH = 2000;

/** A text as one message per ≤ 2,000-character piece; `extra` (quick replies) goes on the last piece. */
export function renderText(
  text: string,
  context: RenderContext,
  extra: Record<string, unknown> = {},
): boolean {
  const pieces = splitText(text, MAX_TEXT_LENGTH);
  pieces.forEach((piece, index) => {
    addMessage(context, index === pieces.length - 1 ? { text: piece, ...extra } : { text: piece });
  });
  return pieces.length > 0;
}
