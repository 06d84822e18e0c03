import type { ReplyOption } from '@hiwar/contracts';
import { cutText } from '../channel-text.ts';
import { choosePrompt, noteDegraded, payloadOf, type RenderContext } from './messenger-render-context.ts';
import { renderText } from './render-text.ts';

export const MAX_QUICK_REPLIES = 13;
export const MAX_QUICK_REPLY_TITLE_LENGTH = 20;

/** Quick replies under the text (on its last piece): at most 13, titles cut at 20; a tap sends the payload. */
export function renderQuickReplies(
  text: string,
  replies: readonly ReplyOption[],
  context: RenderContext,
): void {
  const quickReplies: { content_type: 'text'; title: string; payload: string }[] = [];
  for (const reply of replies) {
    const title = cutText(reply.label.trim(), MAX_QUICK_REPLY_TITLE_LENGTH);
    if (title === '') {
      noteDegraded(context, 'quick reply without a label left out');
      continue;
    }
    if (title !== reply.label.trim())
      noteDegraded(context, `quick reply title cut to ${MAX_QUICK_REPLY_TITLE_LENGTH} characters`);
    if (quickReplies.length >= MAX_QUICK_REPLIES) {
      noteDegraded(context, `quick replies after the ${MAX_QUICK_REPLIES}th left out`);
      break;
    }
    quickReplies.push({ content_type: 'text', title, payload: payloadOf(reply.payload, context) });
  }
  if (quickReplies.length === 0) {
    renderText(text, context);
    return;
  }
  renderText(text.trim() === '' ? choosePrompt(context) : text, context, {
    quick_replies: quickReplies,
  });
}
