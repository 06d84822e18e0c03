import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaKind } from '@hiwar/contracts';

/** One entry of a webhook's `entry[].messaging[]` as Messenger sends it; the subset the bot reads. */
export interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    quick_reply?: { payload?: string };
    attachments?: {
      type?: string;
      payload?: { coordinates?: { lat?: number; long?: number }; url?: string; sticker_id?: number };
    }[];
  };
  postback?: { title?: string; payload?: string; mid?: string };
  delivery?: unknown;
  read?: unknown;
}

/** An event worth a turn: stored as an update of the sender, once per external id. */
export interface ReadableEvent {
  externalId: string;
  /** the sender's page-scoped id (PSID) */
  senderId: string;
  /** the page the sender wrote to: replies go out with its token */
  pageId: string;
  event: MessagingEvent;
}

/**
 * Whether `X-Hub-Signature-256` is `sha256=` + the hex HMAC-SHA256 of the raw body with the app secret, compared
 * in constant time. An empty app secret verifies nothing.
 */
export function isSignatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (appSecret === '' || !header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a handshake's `hub.verify_token` equals one of the tokens (constant time for each). */
export function isVerifyTokenValid(tokens: readonly string[], given: string): boolean {
  const givenHash = createHash('sha256').update(given).digest();
  let isValid = false;
  for (const token of tokens) {
    if (token === '') continue;
    // hashes of equal length: the comparison takes the same time whatever the lengths
    if (timingSafeEqual(createHash('sha256').update(token).digest(), givenHash)) isValid = true;
  }
  return isValid;
}

function locationOf(event: MessagingEvent): { lat: number; lng: number } | null {
  for (const attachment of event.message?.attachments ?? []) {
    const coordinates = attachment.payload?.coordinates;
    if (attachment.type !== 'location' || !coordinates) continue;
    const { lat, long } = coordinates;
    if (typeof lat === 'number' && typeof long === 'number') return { lat, lng: long };
  }
  return null;
}

/** What media a message without text carries (a sticker arrives as an image with its sticker_id), or null. */
function mediaKindOf(event: MessagingEvent): MediaKind | null {
  for (const attachment of event.message?.attachments ?? []) {
    if (attachment.type === 'image') return attachment.payload?.sticker_id ? 'sticker' : 'photo';
    if (attachment.type === 'video') return 'video';
    if (attachment.type === 'audio') return 'voice';
    if (attachment.type === 'file') return 'file';
  }
  return null;
}

/** A postback has no message id in every Graph version: its sender, time and payload identify a redelivery. */
function postbackId(senderId: string, event: MessagingEvent): string {
  const payload = event.postback?.payload ?? '';
  const digest = createHash('sha256').update(payload).digest('base64url').slice(0, 16);
  return `pb:${senderId}:${event.timestamp ?? 0}:${digest}`;
}

function readableOf(event: MessagingEvent): ReadableEvent | null {
  const senderId = event.sender?.id;
  const pageId = event.recipient?.id;
  if (typeof senderId !== 'string' || senderId === '' || typeof pageId !== 'string' || pageId === '')
    return null;
  if (event.postback) {
    if (!event.postback.payload) return null;
    return { externalId: postbackId(senderId, event), senderId, pageId, event };
  }
  const message = event.message;
  // echoes of the page's own messages, deliveries and reads ask for nothing
  if (!message || message.is_echo || typeof message.mid !== 'string' || message.mid === '') return null;
  const isReadable =
    message.quick_reply?.payload !== undefined ||
    (message.text ?? '').trim() !== '' ||
    locationOf(event) !== null ||
    mediaKindOf(event) !== null;
  return isReadable ? { externalId: message.mid, senderId, pageId, event } : null;
}

/** The events of a webhook body (`object: 'page'`) the bot answers, in the order they came. */
export function readableEventsOf(body: unknown): ReadableEvent[] {
  const value = body as { object?: unknown; entry?: unknown } | null;
  if (value?.object !== 'page' || !Array.isArray(value.entry)) return [];
  const events: ReadableEvent[] = [];
  for (const entry of value.entry as { messaging?: unknown }[]) {
    if (!Array.isArray(entry?.messaging)) continue;
    for (const event of entry.messaging as MessagingEvent[]) {
      const readable = event && typeof event === 'object' ? readableOf(event) : null;
      if (readable) events.push(readable);
    }
  }
  return events;
}

/** What a stored event asks for: a postback (button, quick reply, menu), a location, a text or media. */
export type EventRequest =
  | { kind: 'postback'; key: string; label?: string }
  | { kind: 'location'; lat: number; lng: number }
  | { kind: 'text'; text: string }
  | { kind: 'media'; media: MediaKind }
  | null;

export function requestOf(event: MessagingEvent): EventRequest {
  if (event.postback?.payload) {
    return {
      kind: 'postback',
      key: event.postback.payload,
      ...(event.postback.title && { label: event.postback.title }),
    };
  }
  const message = event.message;
  if (!message) return null;
  const quickReply = message.quick_reply?.payload;
  if (quickReply) return { kind: 'postback', key: quickReply, ...(message.text && { label: message.text }) };
  const location = locationOf(event);
  if (location) return { kind: 'location', ...location };
  const text = (message.text ?? '').trim();
  if (text !== '') return { kind: 'text', text };
  const media = mediaKindOf(event);
  return media ? { kind: 'media', media } : null;
}
