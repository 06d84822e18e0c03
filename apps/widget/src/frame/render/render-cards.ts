import type { Card, CardButton } from '@hiwar/contracts';
import { el, externalLink, safeWebUrl } from '../dom.ts';
import type { RenderContext } from './render-context.ts';

function renderCardButton(button: CardButton, context: RenderContext): HTMLElement | null {
  if (button.type === 'url') {
    const href = safeWebUrl(button.value);
    return href ? externalLink(href, 'card-button', [button.label]) : null;
  }
  const element = el('button', { type: 'button', class: 'card-button' }, [button.label]);
  element.addEventListener('click', () => context.sendPostback(button.value, button.label));
  return element;
}

function renderCard(card: Card, context: RenderContext): HTMLElement {
  const media = safeWebUrl(card.media);
  return el('div', { class: 'card' }, [
    media && el('img', { class: 'card-media', src: media, alt: '', loading: 'lazy' }),
    el('div', { class: 'card-body' }, [
      el('div', { class: 'card-title' }, [card.title]),
      card.subtitle !== '' && el('div', { class: 'card-subtitle' }, [card.subtitle]),
    ]),
    el(
      'div',
      { class: 'card-buttons' },
      card.buttons.map((button) => renderCardButton(button, context)),
    ),
  ]);
}

/** A carousel of cards (one scrolls sideways when there are several). */
export function renderCards(cards: Card[], context: RenderContext): HTMLElement {
  return el(
    'div',
    { class: 'cards', 'data-type': 'cards' },
    cards.map((card) => renderCard(card, context)),
  );
}
