import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Identity verification for the web messenger (as Intercom and Chatwoot call it): while the owner has it on, a
 * sender id is accepted only with `sender_hash = HMAC-SHA256(secret, id)` — the site signs its own visitors'
 * ids on its server, and the messenger's own random ids are signed by POST …/senders. Whoever learns an id
 * without its hash can neither read that conversation nor write in it. The owner turns it on in the chatbot
 * settings (modules/chatbot: the secret is drawn there, sealed in `chatbots.identity_secret`).
 */

/** The sender_hash of a sender id: HMAC-SHA256 under the secret's UTF-8 bytes, of the id's decimal digits. */
export function senderHashOf(secret: string, senderId: number): string {
  return createHmac('sha256', secret).update(String(senderId)).digest('hex');
}

/** Whether `hash` (lowercase hex, as the contract leaves it) signs `senderId`; compared in constant time. */
export function isSenderHashValid(secret: string, senderId: number, hash: string | undefined): boolean {
  if (hash === undefined) return false;
  const expected = Buffer.from(senderHashOf(secret, senderId), 'hex');
  const given = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A random sender id in 1 … 2^53 − 1, as the messenger draws its own. */
export function drawSenderId(): number {
  const bytes = randomBytes(8);
  const id = (bytes.readUInt32BE(0) & 0x1fffff) * 2 ** 32 + bytes.readUInt32BE(4);
  return id > 0 ? id : 1;
}
