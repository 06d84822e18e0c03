import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What an owner's Chatwoot tells us through its webhook (the API inbox's webhook URL, or an account webhook
 * subscribed to `message_created` and `conversation_status_changed`), reduced to the two things a hand-over
 * cares about. Payload shapes: Chatwoot's `Message#webhook_data` and `Conversation#webhook_data` (README.md).
 */
export type ChatwootWebhookEvent =
  | {
      kind: 'agent_message';
      conversationId: number;
      /** the agent's reply, as typed */
      text: string;
      /** Chatwoot's message id, to recognise a delivery seen before; null when absent */
      messageId: number | null;
      accountId: number | null;
      inboxId: number | null;
    }
  | { kind: 'resolved'; conversationId: number; accountId: number | null; inboxId: number | null };

/** A whole number, sent as a number or as digits (the documentation's samples quote some ids). */
const idSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const referenceSchema = z.object({ id: idSchema }).nullish();

/** message_type: the enum's name in webhooks, its number (0–3) in Chatwoot's own REST and push answers */
const MESSAGE_TYPES = ['incoming', 'outgoing', 'activity', 'template'] as const;

const messageCreatedSchema = z.object({
  event: z.literal('message_created'),
  id: idSchema.nullish(),
  content: z.string().nullish(),
  message_type: z.union([z.enum(MESSAGE_TYPES), z.number().int()]),
  private: z.boolean().nullish(),
  conversation: z.object({ id: idSchema, inbox_id: idSchema.nullish() }),
  account: referenceSchema,
  inbox: referenceSchema,
});

const statusChangedSchema = z.object({
  event: z.literal('conversation_status_changed'),
  // the payload is the conversation itself: its id (the display id the API uses) is at the top
  id: idSchema,
  status: z.string(),
  inbox_id: idSchema.nullish(),
  account_id: idSchema.nullish(),
  account: referenceSchema,
});

/**
 * An agent's reply (`message_created`, outgoing, not a private note, with text) or a resolved conversation
 * (`conversation_status_changed` to resolved); null for everything else — among them the incoming messages we
 * posted ourselves, which Chatwoot echoes back, and bot templates and activity lines.
 */
export function parseChatwootWebhook(body: unknown): ChatwootWebhookEvent | null {
  const event = typeof body === 'object' && body !== null ? (body as { event?: unknown }).event : undefined;
  if (event === 'message_created') {
    const parsed = messageCreatedSchema.safeParse(body);
    if (!parsed.success) return null;
    const message = parsed.data;
    const type =
      typeof message.message_type === 'number' ? MESSAGE_TYPES[message.message_type] : message.message_type;
    const text = message.content ?? '';
    if (type !== 'outgoing' || message.private === true || text.trim() === '') return null;
    return {
      kind: 'agent_message',
      conversationId: message.conversation.id,
      text,
      messageId: message.id ?? null,
      accountId: message.account?.id ?? null,
      inboxId: message.inbox?.id ?? message.conversation.inbox_id ?? null,
    };
  }
  if (event === 'conversation_status_changed') {
    const parsed = statusChangedSchema.safeParse(body);
    if (!parsed.success || parsed.data.status !== 'resolved') return null;
    const conversation = parsed.data;
    return {
      kind: 'resolved',
      conversationId: conversation.id,
      accountId: conversation.account_id ?? conversation.account?.id ?? null,
      inboxId: conversation.inbox_id ?? null,
    };
  }
  return null;
}

/** How far a signed delivery's timestamp may be from our clock (replays of old deliveries are refused). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * True when a delivery carries Chatwoot's signature for `secret` (newer Chatwoot signs when the webhook has a
 * secret): `X-Chatwoot-Signature: sha256=<hex HMAC-SHA256 of "{X-Chatwoot-Timestamp}.{raw body}">`, the
 * timestamp within 5 minutes of `nowSeconds`. Compared in constant time over the raw bytes, never re-encoded JSON.
 */
export function isSignedByChatwoot(
  delivery: { rawBody: string | Buffer; timestamp: string | undefined; signature: string | undefined },
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { rawBody, timestamp, signature } = delivery;
  if (!timestamp || !signature || secret === '' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signChatwootDelivery(rawBody, timestamp, secret));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The `X-Chatwoot-Signature` value for a body and timestamp (also used by the fake Chatwoot). */
export function signChatwootDelivery(rawBody: string | Buffer, timestamp: string, secret: string): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `sha256=${hmac.digest('hex')}`;
}
