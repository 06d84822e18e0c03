import type { ReplyOption } from '@hiwar/contracts';
import { cutText } from '../channel-text.ts';
import { renderText } from './render-text.ts';
import { choosePrompt, noteDegraded, type RenderContext } from './telegram-render-context.ts';

export const MAX_REPLY_LABEL_LENGTH = 64;
/** A label this short shares its keyboard row with the next short one. */
const SHORT_LABEL_LENGTH = 20;

/** Labels two a row while both are short, a long one alone, in the bot's order. */
export function keyboardRows(labels: readonly string[]): { text: string }[][] {
  const rows: { text: string }[][] = [];
  let open: { text: string }[] | null = null;
  for (const label of labels) {
    const isShort = [...label].length <= SHORT_LABEL_LENGTH;
    if (isShort && open) {
      open.push({ text: label });
      open = null;
    } else {
      const row = [{ text: label }];
      rows.push(row);
      open = isShort ? row : null;
    }
  }
  return rows;
}

/**
 * Quick replies as a one-time reply keyboard under the text. A tap sends the label back as text: the channel
 * maps it to its payload, so a label repeated (or made equal by the cut) is noted.
 */
/** The text a quick reply's button shows, and sends back when tapped: map a tapped text with this. */
export function telegramReplyLabel(label: string): string {
  return cutText(label.trim(), MAX_REPLY_LABEL_LENGTH);
}

export function renderQuickReplies(
  text: string,
  replies: readonly ReplyOption[],
  context: RenderContext,
): void {
  const labels: string[] = [];
  for (const reply of replies) {
    const label = telegramReplyLabel(reply.label);
    if (label !== reply.label.trim())
      noteDegraded(context, `quick reply label cut to ${MAX_REPLY_LABEL_LENGTH} characters`);
    if (label === '') noteDegraded(context, 'quick reply without a label left out');
    else if (labels.includes(label)) noteDegraded(context, `quick reply label "${label}" repeated: left out`);
    else labels.push(label);
  }
  if (labels.length === 0) {
    renderText(text, context);
    return;
  }
  const replyMarkup = { keyboard: keyboardRows(labels), one_time_keyboard: true, resize_keyboard: true };
  renderText(text.trim() === '' ? choosePrompt(context) : text, context, replyMarkup);
}
