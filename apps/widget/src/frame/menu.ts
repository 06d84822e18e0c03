import type { MenuItem, PersistentMenu } from '@hiwar/contracts';
import { el, externalLink, safeWebUrl } from './dom.ts';
import type { Language } from './i18n.ts';
import type { RenderContext } from './render/render-context.ts';

/** The menu for the messenger's language: `en_US` for English when the owner made one, else `default`. */
export function chooseMenu(menus: PersistentMenu[], language: Language): PersistentMenu | null {
  const english = language === 'en' ? menus.find((menu) => menu.locale === 'en_US') : undefined;
  const chosen = english ?? menus.find((menu) => menu.locale === 'default') ?? menus[0];
  return chosen && chosen.call_to_actions.length > 0 ? chosen : null;
}

export interface PersistentMenuPanel {
  element: HTMLElement;
  toggle(): void;
  close(): void;
}

/** The persistent menu as a panel over the conversation; a nested item opens its children with a Back entry. */
export function createMenuPanel(items: MenuItem[], context: RenderContext): PersistentMenuPanel {
  const element = el('nav', { class: 'menu-panel', hidden: '', 'aria-label': context.strings.menu });
  const trail: MenuItem[][] = [];

  function label(item: MenuItem): string {
    return item.emoji ? `${item.emoji} ${item.title}` : item.title;
  }

  function renderItem(item: MenuItem): HTMLElement | null {
    if (item.type === 'web_url') {
      const href = safeWebUrl(item.url);
      return href ? externalLink(href, 'menu-item', [label(item)]) : null;
    }
    const button = el('button', { type: 'button', class: `menu-item ${item.type}` }, [label(item)]);
    button.addEventListener('click', () => {
      if (item.type === 'nested') {
        trail.push(item.call_to_actions);
        show(item.call_to_actions);
        return;
      }
      close();
      context.sendPostback(item.payload, item.title);
    });
    return button;
  }

  function show(level: MenuItem[]): void {
    element.replaceChildren();
    if (trail.length > 1) {
      const back = el('button', { type: 'button', class: 'menu-item back' }, [context.strings.back]);
      back.addEventListener('click', () => {
        trail.pop();
        show(trail[trail.length - 1] ?? items);
      });
      element.appendChild(back);
    }
    for (const item of level) {
      const node = renderItem(item);
      if (node) element.appendChild(node);
    }
  }

  function close(): void {
    element.hidden = true;
  }

  return {
    element,
    close,
    toggle() {
      if (!element.hidden) return close();
      trail.splice(0, trail.length, items);
      show(items);
      element.hidden = false;
    },
  };
}
