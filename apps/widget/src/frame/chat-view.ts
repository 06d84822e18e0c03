import type { BotMessage, IncomingEvent } from '@hiwar/contracts';
import { el, safeWebUrl } from './dom.ts';
import type { RenderContext } from './render/render-context.ts';
import { renderBotMessage } from './render/render-message.ts';

export type DeliveryState = 'pending' | 'sent' | 'failed';

/** What the user's bubble shows for an event they sent. */
export function eventLabel(event: IncomingEvent): string {
  switch (event.type) {
    case 'text':
      return event.text;
    case 'postback':
      return event.label || event.payload;
    case 'location':
      return `📍 ${event.lat.toFixed(5)}, ${event.lng.toFixed(5)}`;
    // the messenger sends none; a web sender's history holds only what it sent
    case 'media':
      return '📎';
  }
}

/** The conversation: the user's bubbles on the end side, the bot's messages (with its avatar) on the start side. */
export class ChatView {
  readonly element = el('div', { class: 'messages', role: 'log', 'aria-live': 'polite' });
  private readonly avatar: string | null;
  private readonly userRows = new Map<string, HTMLElement>();

  private readonly context: RenderContext;
  constructor(context: RenderContext, avatar: string) {
    this.context = context;
    this.avatar = safeWebUrl(avatar);
  }

  addUserMessage(id: string, event: IncomingEvent, state: DeliveryState): void {
    const bubble = el('div', { class: 'bubble user-bubble', dir: 'auto' }, [eventLabel(event)]);
    const row = el('div', { class: `row user-row ${state}`, 'data-message-id': id }, [
      bubble,
      el('div', { class: 'delivery' }),
    ]);
    this.userRows.set(id, row);
    this.element.appendChild(row);
    this.setDeliveryState(id, state);
    this.scrollToEnd();
  }

  setDeliveryState(id: string, state: DeliveryState): void {
    const row = this.userRows.get(id);
    if (!row) return;
    row.classList.remove('pending', 'sent', 'failed');
    row.classList.add(state);
    const note = row.querySelector('.delivery');
    if (note) note.textContent = state === 'failed' ? this.context.strings.notSent : '';
  }

  /**
   * Bot messages in one row, after the user message they answer when given (so answers stay in turn order while
   * later messages wait to be sent). Earlier quick replies go away: only the newest question keeps its chips.
   */
  addBotMessages(replies: BotMessage[], answeredId?: string): void {
    const rendered = replies
      .map((message) => renderBotMessage(message, this.context))
      .filter((node): node is HTMLElement => node !== null);
    if (rendered.length === 0) return;
    this.removeQuickReplies();
    const row = el('div', { class: 'row bot-row' }, [
      this.avatar ? el('img', { class: 'bot-avatar', src: this.avatar, alt: '' }) : null,
      el('div', { class: 'bot-messages' }, rendered),
    ]);
    const answered = answeredId === undefined ? undefined : this.userRows.get(answeredId);
    if (answered) answered.after(row);
    else this.element.appendChild(row);
    this.scrollToEnd();
  }

  addBotText(text: string): void {
    if (text.trim() !== '') this.addBotMessages([{ type: 'text', text }]);
  }

  /** An element of the messenger's own (the start button) at the end of the conversation. */
  addControl(element: HTMLElement): void {
    this.element.appendChild(element);
    this.scrollToEnd();
  }

  removeQuickReplies(): void {
    for (const chips of this.element.querySelectorAll('.quick-replies')) chips.remove();
  }

  scrollToEnd(): void {
    this.element.scrollTop = this.element.scrollHeight;
  }
}
