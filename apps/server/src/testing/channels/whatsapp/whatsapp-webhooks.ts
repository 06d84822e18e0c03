import { createHmac } from 'node:crypto';

/** Cloud API webhook bodies exactly as Meta posts them (object whatsapp_business_account), for tests. */

export interface WebhookNumber {
  /** the WhatsApp Business Account id (`entry[].id`) */
  businessAccountId?: string;
  phoneNumberId: string;
  displayPhoneNumber?: string;
}

export interface WebhookSender {
  /** the phone number; left out for a user with a username, whose messages carry only `userId` */
  waId?: string;
  /** the business-scoped user id (BSUID), "US.13491208655302741918" */
  userId?: string;
  name?: string;
}

/** A fixed time (seconds, as a string like Meta's) so bodies built in a test compare equal. */
const TIMESTAMP = '1700000000';

function webhookOf(number: WebhookNumber, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.businessAccountId ?? '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber ?? '15550783881',
                phone_number_id: number.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function messageWebhook(number: WebhookNumber, sender: WebhookSender, message: Record<string, unknown>) {
  const ids = {
    ...(sender.waId !== undefined && { wa_id: sender.waId }),
    ...(sender.userId !== undefined && { user_id: sender.userId }),
  };
  return webhookOf(number, {
    contacts: [{ profile: { name: sender.name ?? 'Test User' }, ...ids }],
    messages: [
      {
        ...(sender.waId !== undefined && { from: sender.waId }),
        ...(sender.userId !== undefined && { from_user_id: sender.userId }),
        timestamp: TIMESTAMP,
        ...message,
      },
    ],
  });
}

/**
 * A photo, video, document, voice note or sticker, with a caption where WhatsApp allows one (the media ids are
 * made up: the bot never downloads them).
 */
export function mediaWebhook(
  number: WebhookNumber,
  sender: WebhookSender,
  id: string,
  media: 'image' | 'video' | 'document' | 'voice' | 'sticker',
  caption?: string,
) {
  const file = { id: `${id.length}0440137`, mime_type: 'image/jpeg', sha256: 'c2hhMjU2' };
  const content = {
    image: { type: 'image', image: { ...file, ...(caption && { caption }) } },
    video: { type: 'video', video: { ...file, mime_type: 'video/mp4', ...(caption && { caption }) } },
    document: {
      type: 'document',
      document: { ...file, mime_type: 'application/pdf', filename: 'menu.pdf', ...(caption && { caption }) },
    },
    voice: { type: 'audio', audio: { ...file, mime_type: 'audio/ogg; codecs=opus', voice: true } },
    sticker: { type: 'sticker', sticker: { ...file, mime_type: 'image/webp', animated: false } },
  }[media];
  return messageWebhook(number, sender, { id, ...content });
}

/** A wamid like Meta's (base64 of an opaque id); the same seed gives the same id. */
export function wamid(seed: string): string {
  return `wamid.${Buffer.from(`HBgLMTU1NTAxMjM0NTY3FQIAEhg${seed}`).toString('base64')}`;
}

export function textWebhook(number: WebhookNumber, sender: WebhookSender, id: string, body: string) {
  return messageWebhook(number, sender, { id, type: 'text', text: { body } });
}

/** A tap on a reply button (`button_reply`) or a list row (`list_reply`) of an interactive message. */
export function interactiveWebhook(
  number: WebhookNumber,
  sender: WebhookSender,
  id: string,
  reply: { kind: 'button_reply' | 'list_reply'; id: string; title: string },
) {
  return messageWebhook(number, sender, {
    id,
    type: 'interactive',
    context: { from: number.displayPhoneNumber ?? '15550783881', id: wamid(`ctx${id}`) },
    interactive: { type: reply.kind, [reply.kind]: { id: reply.id, title: reply.title } },
  });
}

export function locationWebhook(
  number: WebhookNumber,
  sender: WebhookSender,
  id: string,
  latitude: number,
  longitude: number,
) {
  return messageWebhook(number, sender, { id, type: 'location', location: { latitude, longitude } });
}

/**
 * A status of a message the business sent (`delivered` unless told), with the `biz_opaque_callback_data` the
 * message was sent with, as WhatsApp sends it back.
 */
export function statusWebhook(
  number: WebhookNumber,
  recipient: string,
  id: string,
  options: { status?: 'sent' | 'delivered' | 'read' | 'failed'; callbackData?: string } = {},
) {
  return webhookOf(number, {
    statuses: [
      {
        id,
        status: options.status ?? 'delivered',
        timestamp: TIMESTAMP,
        recipient_id: recipient,
        ...(options.callbackData !== undefined && { biz_opaque_callback_data: options.callbackData }),
      },
    ],
  });
}

/** `X-Hub-Signature-256` of a raw body with the app secret. */
export function signatureOf(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Posts a webhook body to the server as Meta does (JSON, signed with `appSecret`; `signature: null` leaves the
 * header out, a string sends that header as it is); answers the HTTP status and body.
 */
export async function deliverWebhook(
  url: string,
  body: unknown,
  appSecret: string,
  options: { signature?: string | null } = {},
): Promise<{ status: number; body: string }> {
  const raw = JSON.stringify(body);
  const signature = options.signature === undefined ? signatureOf(raw, appSecret) : options.signature;
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { 'x-hub-signature-256': signature }),
    },
    body: raw,
  });
  return { status: answer.status, body: await answer.text() };
}
