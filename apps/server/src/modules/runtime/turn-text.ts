import type { IncomingEvent, MediaKind } from '@hiwar/contracts';
import { foldText } from '../datasets/dataset-record-match.ts';

/** How much of a message the conversations list keeps as the sender's last text. */
const LAST_TEXT_MAX = 300;

/** How a message the bot does not read shows in the conversations list and a hand-over's relay. */
const MEDIA_SIGNS: Record<MediaKind, string> = {
  photo: '🖼️',
  video: '🎬',
  voice: '🎤',
  audio: '🎵',
  sticker: '💟',
  file: '📎',
};

/**
 * The sender's message as the owner reads it: the text typed, the button's label, a pin for a location, a sign
 * and the kind for media without text.
 */
export function displayTextOf(event: IncomingEvent): string {
  if (event.type === 'text') return event.text;
  if (event.type === 'postback') return event.label ?? event.payload;
  if (event.type === 'media') return `${MEDIA_SIGNS[event.kind]} ${event.kind}`;
  return `📍 ${event.lat.toFixed(5)}, ${event.lng.toFixed(5)}`;
}

export function lastTextOf(event: IncomingEvent): string {
  return displayTextOf(event).slice(0, LAST_TEXT_MAX);
}

/**
 * What a search over the messages matches: the typed text or a button's label, folded as the datasets' search
 * folds (lower case; Arabic alef forms, ة, ى, diacritics and tatweel; umlauts), with runs of spaces made one. A
 * payload without a label ("cmd:12"), a location and media are not searchable.
 */
export function searchTextOf(event: IncomingEvent): string {
  if (event.type === 'location' || event.type === 'media') return '';
  if (event.type === 'postback' && event.label === undefined) return '';
  return foldSearchQuery(displayTextOf(event));
}

export function foldSearchQuery(text: string): string {
  return foldText(text).replace(/\s+/gu, ' ').trim();
}
