import type { ReplyOption } from '@hiwar/contracts';
import { el } from '../dom.ts';
import type { RenderContext } from './render-context.ts';

/**
 * The question as a bubble and the options as chips. A chosen chip sends its payload; the chips disappear as
 * soon as the user answers anything (the chat view removes every `.quick-replies` when a message is sent).
 */
export function renderQuickReplies(
  text: string,
  replies: ReplyOption[],
  context: RenderContext,
): HTMLElement {
  const chips = replies.map((reply) => {
    const chip = el('button', { type: 'button', class: 'chip' }, [reply.label]);
    chip.addEventListener('click', () => context.sendPostback(reply.payload, reply.label));
    return chip;
  });
  return el('div', { 'data-type': 'quick_replies' }, [
    text !== '' && el('div', { class: 'bubble bot-bubble', dir: 'auto' }, [text]),
    el('div', { class: 'quick-replies' }, chips),
  ]);
}
