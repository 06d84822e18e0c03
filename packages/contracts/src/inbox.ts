import { z } from 'zod';
import { botMessage, incomingEvent, typedEvent } from './bot-message.ts';
import { okWith } from './envelope.ts';
import { botLanguages } from './localized-text.ts';
import { idParam, numberOrDigits } from './numeric-input.ts';

/**
 * The owner's view of the bot's conversations: the senders and their transcripts, the "not
 * understood" inbox, the live test chat, the hand-over to a person and the traffic chart.
 */
export const inboxMessages = {
  senderKeyInvalid: 'The conversation was not found',
  turnNotInGroup: 'The message is not in this group',
  groupNotFound: 'The group was not found',
  commandNotFound: 'The selected command is invalid',
  exampleAdded: 'The message was added as an example',
  dismissed: 'The group was dismissed',
  dateInvalid: 'The date must be a date such as 2026-11-26',
  rangeInvalid: 'The from date must not be after the to date',
  replyRequired: 'The text field is required',
  notHandedOver: 'This conversation is not waiting for a person',
  released: 'The conversation was given back to the bot',
  replySent: 'The reply was sent',
  turnNotFound: 'The message was not found in this conversation',
  turnNotTyped: 'Only a typed message can teach the bot',
  turnNotMatched: 'The bot did not answer this message with a command',
  exampleCorrected: 'The message is now an example of the command',
  markedNotForBot: 'The bot will not answer messages like this one',
  isAnExample: 'This message is an example of a command; remove that example first',
} as const;

/** The platforms a sender talks on; `test` is the console's test chat (kept out of lists and statistics). */
export const conversationPlatforms = ['web', 'telegram', 'facebook', 'whatsapp', 'google_chat'] as const;
export type ConversationPlatform = (typeof conversationPlatforms)[number];
export const TEST_PLATFORM = 'test';

export const conversationLangs = botLanguages;

/** Turns per transcript page, senders per list page, groups per inbox page. */
export const TURNS_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const INBOX_PAGE_SIZE = 20;

/** `platform:sender_id`, as a path segment (encoded); the platform is one a sender talks on. */
export function senderKeyOf(platform: string, senderId: string): string {
  return `${platform}:${senderId}`;
}

export function parseSenderKey(key: string): { platform: string; senderId: string } | null {
  const colon = key.indexOf(':');
  if (colon <= 0) return null;
  const platform = key.slice(0, colon);
  const senderId = key.slice(colon + 1);
  if (senderId === '' || senderId.length > 190) return null;
  if (!(conversationPlatforms as readonly string[]).includes(platform)) return null;
  return { platform, senderId };
}

export const senderKeyParams = z.object({
  sender_key: z
    .string()
    .max(240)
    .refine((value) => parseSenderKey(value) !== null, inboxMessages.senderKeyInvalid),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateFilter = z
  .string()
  .refine((value) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: inboxMessages.dateInvalid,
  })
  .optional();
const flag = numberOrDigits(z.number().int().min(0).max(1));
const pageNumber = numberOrDigits(z.number().int().min(1).max(100_000)).default(1);

/** GET /conversations: every filter optional; `from`/`to` are days (UTC), both included. */
export const conversationsQuery = z
  .object({
    page: pageNumber,
    platform: z.enum(conversationPlatforms).optional(),
    from: dateFilter,
    to: dateFilter,
    lang: z.enum(conversationLangs).optional(),
    command_id: idParam.optional(),
    not_understood: flag.optional(),
    /** 1: only senders handed over to a person now (waiting or answered) */
    handed_over: flag.optional(),
    search: z.string().trim().max(200).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: inboxMessages.rangeInvalid,
    path: ['to'],
  });
export type ConversationsQuery = z.infer<typeof conversationsQuery>;

export const handoffState = z.enum(['waiting', 'active']);

export const conversationRow = z.object({
  sender_key: z.string(),
  platform: z.string(),
  sender_id: z.string(),
  name: z.string(),
  username: z.string(),
  /** the sender's last message, as typed (a button's label, "📍" for a location) */
  last_text: z.string(),
  last_lang: z.string().nullable(),
  last_at: z.string(),
  turns: z.number(),
  /** null: the bot answers; waiting: handed over and nobody answered yet; active: a person answered */
  handoff: handoffState.nullable(),
});
export type ConversationRow = z.infer<typeof conversationRow>;

export const conversationsResponse = z.object({
  status: z.literal(1),
  page: z.number(),
  per_page: z.number(),
  has_more: z.boolean(),
  data: z.array(conversationRow),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

export const turnsQuery = z.object({
  /** 1 is the newest page; higher pages go back in time */
  page: pageNumber,
});

export const stepTrace = z.object({ step: z.string(), note: z.string(), ms: z.number() });
export type StepTraceView = z.infer<typeof stepTrace>;

/**
 * Where a turn's replies to a messaging channel stand: waiting while the platform fails or
 * asks to wait (`next_at`, the try due next), delivered, refused by the platform, given up after
 * DELIVERY_RETRY_HOURS, or stopped after the platform twice gave no answer (`unanswered`: it may have arrived, and
 * a third send could show it a third time).
 */
export const deliveryStatuses = [
  'pending',
  'sending',
  'delivered',
  'refused',
  'expired',
  'unanswered',
] as const;
export const turnDelivery = z.object({
  status: z.enum(deliveryStatuses),
  attempts: z.number(),
  next_at: z.string(),
  /** the platform's last answer when a try failed, or its reason for the last message it refused */
  error: z.string().nullable(),
  /** messages the platform refused for themselves while the rest of the turn went on */
  refused_parts: z.number().optional(),
});
export type TurnDelivery = z.infer<typeof turnDelivery>;

export const transcriptTurn = z.object({
  id: z.number(),
  at: z.string(),
  event: incomingEvent,
  lang: z.string().nullable(),
  command_id: z.number().nullable(),
  command_name: z.string().nullable(),
  score: z.number().nullable(),
  not_understood: z.boolean(),
  replies: z.array(botMessage),
  trace: z.array(stepTrace),
  /** null for the web messenger and the test chat, whose replies go back in their answer */
  delivery: turnDelivery.nullable().optional(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurn>;

/** A message left for the sender outside a turn: an owner's reply, an order confirmed, a notification. */
export const transcriptNotice = z.object({ id: z.number(), at: z.string(), message: botMessage });
export type TranscriptNotice = z.infer<typeof transcriptNotice>;

export const turnsResponse = z.object({
  status: z.literal(1),
  page: z.number(),
  pages_count: z.number(),
  total: z.number(),
  sender: conversationRow,
  /** oldest first within the page */
  data: z.array(transcriptTurn),
  /** the notices between this page's first turn and the next page's */
  notices: z.array(transcriptNotice),
});
export type TurnsResponse = z.infer<typeof turnsResponse>;

export const inboxQuery = z.object({ page: pageNumber });

export const inboxCandidate = z.object({
  command_id: z.number(),
  command_name: z.string(),
  score: z.number(),
});
export const inboxGroup = z.object({
  id: z.number(),
  lang: z.string(),
  /** how many messages the group holds (the newest are listed) */
  count: z.number(),
  last_at: z.string(),
  messages: z.array(
    z.object({
      turn_id: z.number(),
      text: z.string(),
      lang: z.string(),
      at: z.string(),
      sender_key: z.string(),
    }),
  ),
  candidates: z.array(inboxCandidate),
});
export type InboxGroup = z.infer<typeof inboxGroup>;

export const inboxResponse = z.object({
  status: z.literal(1),
  page: z.number(),
  pages_count: z.number(),
  /** messages waiting in all open groups */
  waiting: z.number(),
  data: z.array(inboxGroup),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

export const inboxGroupParams = z.object({ id: idParam });
export const addInboxExampleRequest = z.object({
  turn_id: idParam,
  command_id: idParam,
});
export type AddInboxExampleRequest = z.infer<typeof addInboxExampleRequest>;
export const addInboxExampleResponse = okWith(z.object({ example_id: z.number(), command_id: z.number() }));

/** `/conversations/{sender_key}/turns/{turn_id}/…`: a turn of the transcript the owner corrects. */
export const turnParams = senderKeyParams.extend({ turn_id: idParam });
/** POST …/correct: the message becomes an example of the command the owner picks (“Wrong command?”). */
export const correctTurnRequest = z.object({ command_id: idParam });
export const correctTurnResponse = addInboxExampleResponse;
/** POST …/not_for_bot: the message becomes a negative example of the service that wrongly answered it. */
export const notForBotResponse = okWith(z.object({ negative_id: z.number(), service_id: z.number() }));

/** GET /inbox/waiting: the dashboard's count. */
export const inboxWaitingResponse = okWith(z.object({ waiting: z.number(), handoffs: z.number() }));

export const handoffView = z.object({
  status: handoffState,
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
  started_at: z.string(),
  /** when the conversation goes back to the bot if nobody writes */
  expires_at: z.string(),
  /** set when the hand-over went to the owner's Chatwoot server */
  chatwoot_conversation_id: z.number().nullable(),
});
export type HandoffView = z.infer<typeof handoffView>;
export const handoffResponse = okWith(handoffView.nullable());

export const handoffReplyRequest = z.object({
  text: z.string({ error: inboxMessages.replyRequired }).trim().min(1, inboxMessages.replyRequired).max(2000),
});

/** GET /user/traffic */
export const trafficQuery = z.object({ period: z.enum(['day', 'month', 'year']).default('day') });
export const trafficBucket = z.object({
  /** 2026-11-26 (day), 2026-11 (month) or 2026 (year), UTC */
  label: z.string(),
  messages: z.number(),
  understood: z.number(),
  /** messages per language ('other' for a shared location) */
  by_lang: z.record(z.string(), z.number()),
  /** of those, the ones the bot understood */
  understood_by_lang: z.record(z.string(), z.number()),
});
export type TrafficBucket = z.infer<typeof trafficBucket>;
export const trafficResponse = okWith(
  z.object({ period: z.enum(['day', 'month', 'year']), buckets: z.array(trafficBucket) }),
);
export type TrafficResponse = z.infer<typeof trafficResponse>;

/** The console's test chat: one test sender per owner, kept apart from real conversations. */
export const testChatRequest = z.object({ event: typedEvent });
export const testChatTurn = z.object({
  turn_id: z.number(),
  replies: z.array(botMessage),
  lang: z.string(),
  matched: inboxCandidate.nullable(),
  variables: z.record(z.string(), z.unknown()),
  waiting_for: z.string().nullable(),
  trace: z.array(stepTrace),
});
export type TestChatTurn = z.infer<typeof testChatTurn>;
export const testChatResponse = okWith(testChatTurn);
