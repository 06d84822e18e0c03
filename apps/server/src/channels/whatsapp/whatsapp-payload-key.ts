import { createHash } from 'node:crypto';

/** WhatsApp refuses a reply button id over 256 characters and a list row id over 200. */
export const MAX_BUTTON_ID_LENGTH = 256;
export const MAX_ROW_ID_LENGTH = 200;

/**
 * A short, deterministic stand-in for a postback payload of any length, sent as a button's or a list row's `id`:
 * `p:` + the first 22 characters of the payload's SHA-256 in base64url (24 ASCII characters). The adapter stores
 * key → payload (`channel_payloads`) so a reply's id is mapped back; the same payload always gives the same key.
 */
export function shortPayloadKey(payload: string): string {
  return `p:${createHash('sha256').update(payload, 'utf8').digest('base64url').slice(0, 22)}`;
}
