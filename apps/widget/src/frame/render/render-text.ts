import { el } from '../dom.ts';

/** Bot text as a bubble; newlines are kept by CSS (white-space: pre-wrap), never turned into markup. */
export function renderText(text: string): HTMLElement {
  // its own direction: an Arabic answer in an English messenger (or the reverse) reads and aligns as written
  return el('div', { class: 'bubble bot-bubble', 'data-type': 'text', dir: 'auto' }, [text]);
}
