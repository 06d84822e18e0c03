import { splitText } from '../channel-text.ts';
import { WHATSAPP_LIMITS } from './whatsapp-limits.ts';
import { addMessage, type RenderContext } from './whatsapp-render-context.ts';

/** A text as one text message per ≤ 4,096-character piece; answers whether anything was sent. */
export function renderText(text: string, context: RenderContext): boolean {
  const pieces = splitText(text, WHATSAPP_LIMITS.textLength);
  for (const body of pieces) addMessage(context, { type: 'text', text: { body, preview_url: false } });
  return pieces.length > 0;
}

/**
 * The body of an interactive message (≤ 1,024): a longer text goes first as text messages and the interactive
 * message carries the prompt; an empty one carries the prompt too (WhatsApp refuses an empty body).
 */
export function interactiveBody(text: string, context: RenderContext, prompt: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return prompt;
  if (trimmed.length <= WHATSAPP_LIMITS.interactiveBodyLength) return trimmed;
  renderText(trimmed, context);
  return prompt;
}
