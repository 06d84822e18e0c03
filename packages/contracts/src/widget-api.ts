import { z } from 'zod';
import { validateSenderRequest } from './auth.ts';
import { botMessage, incomingEvent, typedEvent } from './bot-message.ts';
import { messengerLanguages, persistentMenu } from './chatbot.ts';
import { botLanguages } from './localized-text.ts';
import { idParam } from './numeric-input.ts';

/**
 * The web messenger's HTTP API under /widget/api/{bot}, where {bot} is the chatbot's public `user_token`.
 * Public (no login), CORS for any origin without credentials, rate limited per sender and address.
 */

export const WIDGET_HISTORY_LIMIT = 50;
export const WIDGET_BODY_LIMIT_BYTES = 16 * 1024;

export const widgetMessages = {
  botNotFound: 'The chatbot was not found',
  tooManyRequests: 'Too many messages, please wait a moment',
  senderHashRequired: 'This chat needs the sender_hash the website signs its sender id with',
  senderHashInvalid: 'The sender_hash must be 64 hexadecimal digits',
  speechOff: 'Speech input is not set up for this chatbot',
  speechFailed: 'The speech could not be transcribed, please type your message',
  audioInvalid: 'Send the recording as audio/webm, audio/ogg, audio/mp4 or audio/wav, at most 1 MB',
} as const;

export const widgetBotParams = z.object({ bot: z.string().trim().min(1).max(200) });

/** A web-messenger sender id: a random positive integer, as a number or digits (like /validate-sender). */
export const widgetSenderId = validateSenderRequest.shape.id;

/**
 * Identity verification: HMAC-SHA256 of the sender id's digits under the chatbot's identity secret, in hex.
 * Required on every call for the sender while the owner has verification on; ignored while it is off.
 */
export const widgetSenderHash = z
  .string(widgetMessages.senderHashInvalid)
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, widgetMessages.senderHashInvalid)
  .transform((hash) => hash.toLowerCase());

/** GET /widget/api/{bot}/settings: what the messenger needs to draw itself; nothing secret. */
export const widgetSettings = z.object({
  chatbot_name: z.string(),
  default_lang: z.enum(messengerLanguages),
  welcome_msg: z.string(),
  /** the welcome message in the bot's other languages (welcome_msg is in default_lang); absent when none */
  welcome_msg_langs: z.partialRecord(z.enum(botLanguages), z.string()).optional(),
  logo: z.string(),
  avatar: z.string(),
  main_color: z.string(),
  width: z.number(),
  height: z.number(),
  start_button: z.object({
    status: z.union([z.literal(0), z.literal(1)]),
    label: z.string(),
    /** send back as a postback event when the button is pressed */
    payload: z.string(),
  }),
  persistent_menus: z.array(persistentMenu),
  /** speech input: the messenger shows a mic when status is 1 and the browser has speech recognition */
  voice: z.object({
    status: z.union([z.literal(0), z.literal(1)]),
    lang: z.string(),
    /** 1: the server transcribes recorded audio (POST …/transcribe) where the browser has no speech recognition */
    server: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  /** 1: every call names its sender with a sender_hash; the messenger asks POST …/senders for a signed new id */
  identity_verification: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type WidgetSettings = z.infer<typeof widgetSettings>;

export const widgetSettingsResponse = z.object({ status: z.literal(1), data: widgetSettings });
export type WidgetSettingsResponse = z.infer<typeof widgetSettingsResponse>;

/** POST /widget/api/{bot}/messages */
export const widgetMessageRequest = z.object({
  sender_id: widgetSenderId,
  sender_hash: widgetSenderHash.optional(),
  event: typedEvent,
  /** the page's locale (e.g. 'ar', 'en_US'); a hint for the language of the message */
  locale: z.string().trim().max(20).optional(),
});
export type WidgetMessageRequest = z.input<typeof widgetMessageRequest>;

export const widgetMessageResponse = z.object({
  status: z.literal(1),
  replies: z.array(botMessage),
  turn_id: z.number(),
});
export type WidgetMessageResponse = z.infer<typeof widgetMessageResponse>;

/** GET /widget/api/{bot}/history?sender_id=&before= — before is a turn id (exclusive), for paging back. */
export const widgetHistoryQuery = z.object({
  sender_id: widgetSenderId,
  sender_hash: widgetSenderHash.optional(),
  before: idParam.optional(),
});
export type WidgetHistoryQuery = z.input<typeof widgetHistoryQuery>;

export const widgetTurn = z.object({
  turn_id: z.number(),
  event: incomingEvent,
  replies: z.array(botMessage),
  created_at: z.string(),
});
export type WidgetTurn = z.infer<typeof widgetTurn>;

/**
 * GET /widget/api/{bot}/notices?sender_id=&after= — bot messages left for the sender outside a turn (the owner
 * confirmed their order), oldest first, at most 50 after the notice id `after` (absent: from the first). The
 * messenger polls it while open and shows each once.
 */
export const widgetNoticesQuery = z.object({
  sender_id: widgetSenderId,
  sender_hash: widgetSenderHash.optional(),
  after: idParam.optional(),
});
export type WidgetNoticesQuery = z.input<typeof widgetNoticesQuery>;

export const widgetNotice = z.object({ notice_id: z.number(), message: botMessage, created_at: z.string() });
export type WidgetNotice = z.infer<typeof widgetNotice>;

export const widgetNoticesResponse = z.object({
  status: z.literal(1),
  data: z.array(widgetNotice),
  /** a person is answering the sender (a hand-over is open): the messenger asks every 1.5 s meanwhile */
  handoff: z.boolean(),
});

/**
 * The last 50 turns before `before`, oldest first, and the notices left for the sender among them (from the
 * oldest turn's time on; on the first page also those after the last turn — all of the last 50 when there is
 * no turn yet), oldest first: a reloaded messenger shows a notification or an order's confirmation where it came.
 */
export const widgetHistoryResponse = z.object({
  status: z.literal(1),
  data: z.array(widgetTurn),
  notices: z.array(widgetNotice),
});
export type WidgetHistoryResponse = z.infer<typeof widgetHistoryResponse>;
export type WidgetNoticesResponse = z.infer<typeof widgetNoticesResponse>;

/**
 * POST /widget/api/{bot}/senders: a new random sender id drawn by the server, with its sender_hash while the
 * chatbot has identity verification on — how the messenger starts a conversation nobody's site has signed.
 */
export const widgetNewSenderResponse = z.object({
  status: z.literal(1),
  data: z.object({ sender_id: z.number(), sender_hash: z.string().optional() }),
});
export type WidgetNewSenderResponse = z.infer<typeof widgetNewSenderResponse>;

/** POST /widget/api/{bot}/transcribe?sender_id=&sender_hash=: the body is the recording itself (audio/*). */
export const WIDGET_AUDIO_LIMIT_BYTES = 1024 * 1024;
export const WIDGET_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav'] as const;
export const widgetTranscribeQuery = z.object({
  sender_id: widgetSenderId,
  sender_hash: widgetSenderHash.optional(),
});
export const widgetTranscribeResponse = z.object({ status: z.literal(1), text: z.string() });
export type WidgetTranscribeResponse = z.infer<typeof widgetTranscribeResponse>;
