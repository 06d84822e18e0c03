import {
  addMessage,
  mediaAddress,
  nextCardId,
  noteDegraded,
  type RenderContext,
} from './google-chat-render-context.ts';
import { renderText } from './render-text.ts';

/** An image as a card with an image widget (Google Chat shows only the pictures of cards). */
export function renderImage(url: string, context: RenderContext): void {
  const address = mediaAddress(url);
  if (!address) {
    noteDegraded(context, 'image left out: not an http(s) address');
    return;
  }
  const widgets = [{ image: { imageUrl: address } }];
  addMessage(context, { cardsV2: [{ cardId: nextCardId(context), card: { sections: [{ widgets }] } }] });
}

/** A video as its link (a Chat app cannot post a playable video; Chat shows the link's preview). */
export function renderVideo(url: string, context: RenderContext): void {
  const address = mediaAddress(url);
  if (!address) {
    noteDegraded(context, 'video left out: not an http(s) address');
    return;
  }
  noteDegraded(context, 'video sent as a link');
  renderText(address, context);
}
