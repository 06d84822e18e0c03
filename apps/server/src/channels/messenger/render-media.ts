import { addMessage, mediaAddress, noteDegraded, type RenderContext } from './messenger-render-context.ts';

/** An image or a video as an attachment Messenger fetches from its address (reusable: cached by Meta). */
export function renderMedia(kind: 'image' | 'video', url: string, context: RenderContext): void {
  const address = mediaAddress(url, context);
  if (!address) {
    noteDegraded(context, `${kind} left out: not an http(s) address`);
    return;
  }
  addMessage(context, { attachment: { type: kind, payload: { url: address, is_reusable: true } } });
}
