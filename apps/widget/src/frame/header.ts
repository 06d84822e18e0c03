import { el, safeWebUrl } from './dom.ts';
import type { Strings } from './i18n.ts';

export interface HeaderOptions {
  name: string;
  logo: string;
  avatar: string;
  strings: Strings;
  /** shown when the persistent menu has items */
  onMenu?: (() => void) | undefined;
  /** shown when the messenger runs inside embed.js, which can hide it */
  onClose?: (() => void) | undefined;
}

function iconButton(className: string, label: string, symbol: string, onClick: () => void): HTMLElement {
  const button = el(
    'button',
    { type: 'button', class: `icon-button ${className}`, 'aria-label': label, title: label },
    [symbol],
  );
  button.addEventListener('click', onClick);
  return button;
}

/** The header in the bot's main colour: logo, avatar and name, then the menu and close buttons. */
export function renderHeader(options: HeaderOptions): HTMLElement {
  const logo = safeWebUrl(options.logo);
  const avatar = safeWebUrl(options.avatar);
  return el('header', { class: 'header' }, [
    logo && el('img', { class: 'header-logo', src: logo, alt: '' }),
    avatar && el('img', { class: 'header-avatar', src: avatar, alt: '' }),
    el('div', { class: 'header-name' }, [options.name]),
    options.onMenu && iconButton('menu-button', options.strings.menu, '☰', options.onMenu),
    options.onClose && iconButton('close-button', options.strings.close, '✕', options.onClose),
  ]);
}
