import { z } from 'zod';
import { MAX_CARD_BUTTONS, MAX_LOCATIONS, MAX_STATIC_CARDS } from './response.ts';

/**
 * The canonical message set: what the runtime answers, whatever the channel. Each channel adapter renders these
 * (the web messenger shows all of them; other channels degrade what they cannot show).
 */

/** A postback payload that starts a command directly: `cmd:<command_id>`. */
export const COMMAND_PAYLOAD_PREFIX = 'cmd:';

export function commandPayload(commandId: number): string {
  return `${COMMAND_PAYLOAD_PREFIX}${commandId}`;
}

/**
 * A payload that starts a command with arguments for its response: `cmd:<command_id>?name=value&…` (a menu's
 * "more" page, a tag, the item an add-to-cart button names by its record id). At most 20 arguments.
 */
export function commandPayloadWith(commandId: number, args: Record<string, string>): string {
  const query = Object.entries(args)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return query === '' ? commandPayload(commandId) : `${commandPayload(commandId)}?${query}`;
}

const MAX_PAYLOAD_ARGS = 20;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The command and arguments a `cmd:` payload names (none for a plain `cmd:<id>`), or null for any other payload. */
export function parseCommandPostback(
  payload: string,
): { commandId: number; args: Record<string, string> } | null {
  const trimmed = payload.trim();
  const mark = trimmed.indexOf('?');
  const commandId = parseCommandPayload(mark < 0 ? trimmed : trimmed.slice(0, mark));
  if (commandId === null) return null;
  const args: Record<string, string> = {};
  const pairs = mark < 0 ? [] : trimmed.slice(mark + 1).split('&');
  for (const pair of pairs.slice(0, MAX_PAYLOAD_ARGS)) {
    const equals = pair.indexOf('=');
    const name = decoded(equals < 0 ? pair : pair.slice(0, equals));
    const value = decoded(equals < 0 ? '' : pair.slice(equals + 1));
    if (name && value !== null && !Object.hasOwn(args, name)) args[name] = value;
  }
  return { commandId, args };
}

/** The command id a payload names, or null when it is a plain text payload. */
export function parseCommandPayload(payload: string): number | null {
  const match = /^cmd:(\d{1,15})$/.exec(payload.trim());
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const cardButton = z.object({
  label: z.string(),
  type: z.enum(['postback', 'url']),
  /** a postback payload (`cmd:<id>` or text sent back as a postback) or an http(s) address */
  value: z.string(),
});
export type CardButton = z.infer<typeof cardButton>;

export const card = z.object({
  title: z.string(),
  subtitle: z.string(),
  /** an image address, or '' */
  media: z.string(),
  buttons: z.array(cardButton).max(MAX_CARD_BUTTONS),
});
export type Card = z.infer<typeof card>;

export const replyOption = z.object({
  label: z.string(),
  /** sent back as a postback event when the option is chosen */
  payload: z.string(),
});
export type ReplyOption = z.infer<typeof replyOption>;

export const mapLocation = z.object({ title: z.string(), lat: z.number(), lng: z.number() });
export type MapLocation = z.infer<typeof mapLocation>;

export const textMessage = z.object({ type: z.literal('text'), text: z.string() });
export const cardsMessage = z.object({
  type: z.literal('cards'),
  cards: z.array(card).min(1).max(MAX_STATIC_CARDS),
});
export const quickRepliesMessage = z.object({
  type: z.literal('quick_replies'),
  text: z.string(),
  replies: z.array(replyOption).min(1),
});
export const imageMessage = z.object({ type: z.literal('image'), url: z.string() });
export const videoMessage = z.object({ type: z.literal('video'), url: z.string() });
export const locationMessage = z.object({
  type: z.literal('location'),
  locations: z.array(mapLocation).min(1).max(MAX_LOCATIONS),
});
/** One line of a receipt: `price` is the unit price, in the receipt's currency units (2 decimals). */
export const receiptItem = z.object({
  title: z.string(),
  quantity: z.number(),
  price: z.number(),
  /** an image address; absent when the item has none */
  image: z.string().optional(),
});
export type ReceiptItem = z.infer<typeof receiptItem>;

/**
 * A receipt (spec part 2 "Receipt"; a cart or an order). Amounts are in the currency's units with 2 decimals.
 * `text` is the same receipt as readable plain text in the sender's language: a client that does not draw
 * receipts (an older widget, a channel without a receipt template) shows it instead.
 */
export const receiptMessage = z.object({
  type: z.literal('receipt'),
  items: z.array(receiptItem),
  subtotal: z.number(),
  tax: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** EGP, RSA or USD for a cart or an order (orders.ts); a dataset receipt names what its owner set */
  currency: z.string(),
  payment_method: z.string(),
  order_number: z.string().optional(),
  customer_name: z.string().optional(),
  customer_address: z.string().optional(),
  text: z.string(),
});
export type ReceiptMessage = z.infer<typeof receiptMessage>;

/** An advertise's HTML: the widget shows it in a sandboxed iframe, never in its own document. */
export const advertMessage = z.object({ type: z.literal('advert'), html: z.string() });

export const botMessage = z.discriminatedUnion('type', [
  textMessage,
  cardsMessage,
  quickRepliesMessage,
  imageMessage,
  videoMessage,
  locationMessage,
  advertMessage,
  receiptMessage,
]);
export type BotMessage = z.infer<typeof botMessage>;
export type BotMessageType = BotMessage['type'];

const MAX_EVENT_TEXT = 4000;

export const textEvent = z.object({
  type: z.literal('text'),
  text: z.string().trim().min(1).max(MAX_EVENT_TEXT),
});
export const postbackEvent = z.object({
  type: z.literal('postback'),
  payload: z.string().trim().min(1).max(MAX_EVENT_TEXT),
  /** the label the user saw (shown in the history); defaults to the payload */
  label: z.string().max(MAX_EVENT_TEXT).optional(),
});
export const locationEvent = z.object({
  type: z.literal('location'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** What a messaging app's user may send that the bot does not read. */
export const mediaKinds = ['photo', 'video', 'voice', 'audio', 'sticker', 'file'] as const;
export type MediaKind = (typeof mediaKinds)[number];
/** A photo, sticker, voice note, file or video without text: answered with a short "I can only read text". */
export const mediaEvent = z.object({ type: z.literal('media'), kind: z.enum(mediaKinds) });

/** What the web messenger and the test chat send: typed text, a chosen button or reply, or a shared location. */
export const typedEvent = z.discriminatedUnion('type', [textEvent, postbackEvent, locationEvent]);

/** What an end user sends: a typed event, or media without text from a messaging app. */
export const incomingEvent = z.discriminatedUnion('type', [
  textEvent,
  postbackEvent,
  locationEvent,
  mediaEvent,
]);
export type IncomingEvent = z.infer<typeof incomingEvent>;
