import { el } from '../dom.ts';
import type { RenderContext } from './render-context.ts';

/**
 * Owner HTML runs in its own sandboxed document: no scripts, an opaque origin (so no access to the messenger,
 * its storage or cookies), links may open new windows. Never allow-scripts together with allow-same-origin.
 */
export const ADVERT_SANDBOX = 'allow-popups';

export function renderAdvert(html: string, context: RenderContext): HTMLElement {
  const frame = el('iframe', {
    class: 'advert-frame',
    sandbox: ADVERT_SANDBOX,
    title: context.strings.advert,
    referrerpolicy: 'no-referrer',
    loading: 'lazy',
  });
  frame.srcdoc = html;
  return el('div', { class: 'advert', 'data-type': 'advert' }, [frame]);
}
