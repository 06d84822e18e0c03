import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** One message of a webhook, as stored in `channel_updates.payload`: what the adapter needs to answer it. */
export interface StoredWhatsappMessage {
  /** the business number the message was sent to: replies are sent from it */
  phone_number_id: string;
  display_phone_number?: string;
  /** the sender's profile name, when WhatsApp sent it */
  name?: string;
  message: WhatsappMessage;
}

/** The subset of a Cloud API incoming message the bot reads. */
export interface WhatsappMessage {
  /** the sender's phone number (wa_id); absent for a user with a username, who has only `from_user_id` */
  from?: string;
  /** the sender's business-scoped user id (BSUID) */
  from_user_id?: string;
  id: string;
  timestamp?: string;
  type: string;
  text?: { body?: string };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  /** a template's quick-reply button */
  button?: { payload?: string; text?: string };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  image?: { id?: string; caption?: string };
  video?: { id?: string; caption?: string };
  document?: { id?: string; caption?: string; filename?: string };
  /** `voice` true for a voice note recorded in the app */
  audio?: { id?: string; voice?: boolean };
  sticker?: { id?: string; animated?: boolean };
}

interface WebhookValue {
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string; user_id?: string }[];
  messages?: WhatsappMessage[];
  /** what became of messages the business sent: sent, delivered, read, failed */
  statuses?: { id?: string; status?: string; recipient_id?: string; biz_opaque_callback_data?: string }[];
}

interface WebhookBody {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: WebhookValue }[] }[];
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether two secrets are equal, in time that depends on neither (both are hashed first). */
export function isSameSecret(given: string, expected: string): boolean {
  return expected !== '' && timingSafeEqual(sha256(given), sha256(expected));
}

/**
 * Whether `X-Hub-Signature-256` is `sha256=` + the hex HMAC-SHA256 of the raw body with the app secret
 * (compared in constant time). An empty secret accepts nothing.
 */
export function isSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (appSecret === '' || !header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length).trim().toLowerCase(), 'utf8');
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `channel_updates.sender_id` and `external_id` are varchar(190). */
const MAX_SENDER_LENGTH = 190;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Message types the bot answers — media by its caption, or with "I can only read text" —; any other (a reaction,
 * an order, a contact, a system message…) is acknowledged and dropped.
 */
const READ_TYPES = new Set([
  'text',
  'interactive',
  'button',
  'location',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
]);

/**
 * The messages of a webhook body the bot answers, one stored update each (`statuses` and other fields are
 * dropped): the message id (`wamid…`) identifies a redelivery, the sender is its `from` (wa_id), or its
 * `from_user_id` (BSUID) when WhatsApp gives no number.
 */
export function messagesOfWebhook(
  body: unknown,
  onUnaddressed: (messageId: string) => void = () => {},
): { externalId: string; senderId: string; payload: StoredWhatsappMessage }[] {
  const value = body as WebhookBody | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.entry)) return [];
  const found: { externalId: string; senderId: string; payload: StoredWhatsappMessage }[] = [];
  for (const entry of value.entry) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const update = change?.value;
      const phoneNumberId = update?.metadata?.phone_number_id;
      if (change?.field !== 'messages' || !isText(phoneNumberId) || !Array.isArray(update?.messages))
        continue;
      for (const message of update.messages) {
        if (!isText(message?.id) || !READ_TYPES.has(message.type)) continue;
        // the phone number (wa_id), else the business-scoped user id of a user with a username
        const senderId = isText(message.from) ? message.from : message.from_user_id;
        // neither, or longer than a stored sender id: no one to answer, said in the log
        if (!isText(senderId) || senderId.length > MAX_SENDER_LENGTH) {
          onUnaddressed(message.id.slice(0, 190));
          continue;
        }
        const contact = (update.contacts ?? []).find(
          (candidate) => candidate?.wa_id === senderId || candidate?.user_id === senderId,
        );
        const name = contact?.profile?.name;
        found.push({
          externalId: message.id.slice(0, 190),
          senderId,
          payload: {
            phone_number_id: phoneNumberId,
            ...(isText(update.metadata?.display_phone_number) && {
              display_phone_number: update.metadata.display_phone_number,
            }),
            ...(isText(name) && { name }),
            message,
          },
        });
      }
    }
  }
  return found;
}

/** The `biz_opaque_callback_data` of call `part` of a queued delivery (delivery-repository.ts's key). */
export function callbackDataOf(deliveryKey: string, part: number): string {
  return `hiwar:${deliveryKey}:${part}`;
}

/** `hiwar:<delivery key>:<call>`; the key's own form is the delivery repository's to check (deliveryIdOfKey) */
const CALLBACK_DATA = /^hiwar:([^:]{1,40}):(\d{1,4})$/;

/** Statuses that say WhatsApp took the message ("failed" says it did not). */
const TAKEN_STATUSES = new Set(['sent', 'delivered', 'read']);

/**
 * The queued calls a webhook's statuses report taken (sent, delivered or read), by the callback data Hiwar gave
 * them: a call that got no answer in time is then not sent again.
 */
export function receiptsOfWebhook(body: unknown): { deliveryKey: string; part: number }[] {
  const value = body as WebhookBody | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.entry)) return [];
  const found: { deliveryKey: string; part: number }[] = [];
  for (const entry of value.entry) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const statuses = change?.value?.statuses;
      if (change?.field !== 'messages' || !Array.isArray(statuses)) continue;
      for (const status of statuses) {
        if (!TAKEN_STATUSES.has(String(status?.status))) continue;
        const match = CALLBACK_DATA.exec(String(status.biz_opaque_callback_data ?? ''));
        if (match) found.push({ deliveryKey: match[1] ?? '', part: Number(match[2]) });
      }
    }
  }
  return found;
}
