import { shortPayloadKey as sharedShortPayloadKey } from '../payload-key.ts';

/** Messenger takes a postback or quick-reply payload of at most 1,000 characters. */
export const MAX_PAYLOAD_LENGTH = 1000;

/**
 * A short, deterministic stand-in for a postback payload, sent as the button's or quick reply's `payload`:
 * `m:` + 22 characters of the payload's SHA-256 (base64url). Stored key → payload in `channel_payloads`, so a
 * tap is mapped back; the same payload always gives the same key.
 */
export function shortPayloadKey(payload: string): string {
  return sharedShortPayloadKey(payload, 'm');
}

/** The `channel_payloads` key under which the page a sender wrote to is kept (PSIDs are page-scoped). */
export function senderPageKey(senderId: string): string {
  return `page:${senderId}`;
}
