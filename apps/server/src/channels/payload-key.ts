import { createHash } from 'node:crypto';

/** Telegram refuses an inline button whose `callback_data` is empty or longer than 64 bytes (UTF-8). */
export const MAX_CALLBACK_DATA_BYTES = 64;

const encoder = new TextEncoder();

export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}

/**
 * A short, deterministic stand-in for a postback payload of any length, for every channel's buttons (Telegram's
 * `callback_data`, WhatsApp's button and row ids, Messenger's payloads, Google Chat's action parameters):
 * `<prefix>:` + the first 22 characters of the payload's SHA-256 in base64url (24 ASCII bytes, 132 bits). The
 * caller stores key → payload (`channel_payloads`) so a tap can be mapped back; the same payload always gives the
 * same key.
 */
export function shortPayloadKey(payload: string, prefix = 'p'): string {
  return `${prefix}:${createHash('sha256').update(payload, 'utf8').digest('base64url').slice(0, 22)}`;
}
