import type { ReplyOption } from '@hiwar/contracts';
import { cutText } from '../channel-text.ts';
import {
  type ChatButton,
  choosePrompt,
  MAX_BUTTON_TEXT_LENGTH,
  nextCardId,
  noteDegraded,
  postbackButton,
  type RenderContext,
} from './google-chat-render-context.ts';
import { renderText } from './render-text.ts';

/**
 * Quick replies as a button list in a card under the text (Google Chat has no reply keyboard): a click comes
 * back as CARD_CLICKED with the payload's short key, like a card's postback button.
 */
export function renderQuickReplies(
  text: string,
  replies: readonly ReplyOption[],
  context: RenderContext,
): void {
  const buttons: ChatButton[] = [];
  for (const reply of replies) {
    const label = cutText(reply.label.trim(), MAX_BUTTON_TEXT_LENGTH);
    if (label !== reply.label.trim())
      noteDegraded(context, `quick reply label cut to ${MAX_BUTTON_TEXT_LENGTH} characters`);
    if (label === '') noteDegraded(context, 'quick reply without a label left out');
    else buttons.push(postbackButton(label, reply.payload, context));
  }
  if (buttons.length === 0) {
    renderText(text, context);
    return;
  }
  const card = {
    cardId: nextCardId(context),
    card: { sections: [{ widgets: [{ buttonList: { buttons } }] }] },
  };
  renderText(text.trim() === '' ? choosePrompt(context) : text, context, [card]);
}
