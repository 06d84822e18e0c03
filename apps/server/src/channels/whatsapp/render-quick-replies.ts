import type { ReplyOption } from '@hiwar/contracts';
import { cutText } from '../channel-text.ts';
import { interactiveBody, renderText } from './render-text.ts';
import { WHATSAPP_LIMITS } from './whatsapp-limits.ts';
import { MAX_ROW_ID_LENGTH } from './whatsapp-payload-key.ts';
import {
  addMessage,
  choosePrompt,
  listButtonLabel,
  noteDegraded,
  type RenderContext,
} from './whatsapp-render-context.ts';

/** The key the caller's `payloadKey` gives, refused unless WhatsApp takes it as a button or row id. */
export function replyIdOf(payload: string, context: RenderContext, variant?: string): string {
  const id = variant === undefined ? context.payloadKey(payload) : context.payloadKey(payload, variant);
  if (typeof id !== 'string' || id.length < 1 || id.length > MAX_ROW_ID_LENGTH) {
    throw new Error(
      `payloadKey gave an id of ${String(id).length} characters; WhatsApp takes 1–${MAX_ROW_ID_LENGTH}`,
    );
  }
  return id;
}

interface Choice {
  id: string;
  /** the whole label, trimmed */
  label: string;
}

/**
 * The options with a label, once each (a repeated label would be a second button WhatsApp refuses). Options that
 * share a payload under different labels ("Small", "Large" both going to one command) are all kept, each with an
 * id of its own that maps back to the payload.
 */
function choicesOf(replies: readonly ReplyOption[], context: RenderContext): Choice[] {
  const choices: Choice[] = [];
  for (const reply of replies) {
    const label = reply.label.trim();
    if (label === '') {
      noteDegraded(context, 'quick reply without a label left out');
      continue;
    }
    if (choices.some((choice) => choice.label === label)) {
      noteDegraded(context, `quick reply "${label}" repeated: left out`);
      continue;
    }
    const id = replyIdOf(reply.payload, context);
    const isTaken = choices.some((choice) => choice.id === id);
    choices.push({ id: isTaken ? replyIdOf(reply.payload, context, label) : id, label });
  }
  return choices;
}

const buttonTitleOf = (label: string) => cutText(label, WHATSAPP_LIMITS.replyButtonTitleLength);

/** Up to three options: reply buttons under the text. */
function renderButtons(body: string, choices: Choice[], context: RenderContext): void {
  const buttons = choices.map((choice) => {
    const title = buttonTitleOf(choice.label);
    if (title !== choice.label)
      noteDegraded(context, `button title cut to ${WHATSAPP_LIMITS.replyButtonTitleLength} characters`);
    return { type: 'reply', reply: { id: choice.id, title } };
  });
  addMessage(context, {
    type: 'interactive',
    interactive: { type: 'button', body: { text: body }, action: { buttons } },
  });
}

/** More than three: list messages of up to ten rows; a cut title is shown whole as the row's description. */
function renderLists(body: string, choices: Choice[], context: RenderContext): void {
  const { listRows, listRowTitleLength, listRowDescriptionLength, listSectionTitleLength } = WHATSAPP_LIMITS;
  if (choices.length > listRows)
    noteDegraded(
      context,
      `${choices.length} quick replies sent as ${Math.ceil(choices.length / listRows)} lists`,
    );
  const button = listButtonLabel(context);
  for (let start = 0; start < choices.length; start += listRows) {
    const rows = choices.slice(start, start + listRows).map((choice) => {
      const title = cutText(choice.label, listRowTitleLength);
      return {
        id: choice.id,
        title,
        ...(title !== choice.label && { description: cutText(choice.label, listRowDescriptionLength) }),
      };
    });
    addMessage(context, {
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: start === 0 ? body : choosePrompt(context) },
        action: { button, sections: [{ title: cutText(button, listSectionTitleLength), rows }] },
      },
    });
  }
}

/**
 * Quick replies: up to three as reply buttons, more as a list (WhatsApp's own pickers). A tap comes back as the
 * button's or row's id, the short key of its payload.
 */
export function renderQuickReplies(
  text: string,
  replies: readonly ReplyOption[],
  context: RenderContext,
): void {
  const choices = choicesOf(replies, context);
  if (choices.length === 0) {
    renderText(text, context);
    return;
  }
  const body = interactiveBody(text, context, choosePrompt(context));
  // button titles must differ: labels alike in their first 20 characters go to a list, which shows them whole
  const titles = new Set(choices.map((choice) => buttonTitleOf(choice.label)));
  const isButtons = choices.length <= WHATSAPP_LIMITS.replyButtons && titles.size === choices.length;
  if (isButtons) renderButtons(body, choices, context);
  else renderLists(body, choices, context);
}
