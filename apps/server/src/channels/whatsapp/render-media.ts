import { addMessage, mediaAddress, noteDegraded, type RenderContext } from './whatsapp-render-context.ts';

/** An image or a video by its address (WhatsApp fetches the link itself). */
export function renderMedia(kind: 'image' | 'video', url: string, context: RenderContext): void {
  const link = mediaAddress(url, context);
  if (!link) {
    noteDegraded(context, `${kind} left out: not an http(s) address`);
    return;
  }
  if (kind === 'image') addMessage(context, { type: 'image', image: { link } });
  else addMessage(context, { type: 'video', video: { link } });
}
