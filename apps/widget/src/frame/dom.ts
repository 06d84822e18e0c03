/** Tiny DOM builders. Text always goes in as text nodes: no user or bot text ever reaches innerHTML. */

export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** The address when it is an absolute http(s) URL, else null (refuses javascript:, data: and the like). */
export function safeWebUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A link that opens in a new tab without giving the opened page a handle on the messenger. */
export function externalLink(href: string, className: string, children: Child[]): HTMLAnchorElement {
  return el('a', { href, class: className, target: '_blank', rel: 'noopener noreferrer' }, children);
}
