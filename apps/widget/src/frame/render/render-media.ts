import { el, externalLink, safeWebUrl } from '../dom.ts';
import type { RenderContext } from './render-context.ts';

export function renderImage(url: string): HTMLElement | null {
  const src = safeWebUrl(url);
  if (!src) return null;
  return el('div', { class: 'media', 'data-type': 'image' }, [
    externalLink(src, 'media-link', [el('img', { src, alt: '', loading: 'lazy' })]),
  ]);
}

/** A playable video, with a link underneath for hosts (YouTube and the like) a <video> cannot play. */
export function renderVideo(url: string, context: RenderContext): HTMLElement | null {
  const src = safeWebUrl(url);
  if (!src) return null;
  return el('div', { class: 'media', 'data-type': 'video' }, [
    el('video', { src, controls: '', preload: 'metadata' }),
    externalLink(src, 'media-caption', [context.strings.video]),
  ]);
}
