import {
  type IncomingEvent,
  type SaveChatbotInput,
  WIDGET_AUDIO_TYPES,
  WIDGET_HISTORY_LIMIT,
  type WidgetNotice,
  type WidgetSettings,
  type WidgetTurn,
  widgetMessages,
} from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { OutboundError } from '../../platform/net/outbound-error.ts';
import { findChatbotByToken, settingsOfRow } from '../chatbot/chatbot-repository.ts';
import { findOpenHandoff } from '../handoff/handoff-repository.ts';
import { listNotices, listNoticesBetween } from '../notices/notice-repository.ts';
import { botCache, type HandledTurn, handleEvent, listTurns, type RuntimeDeps } from '../runtime/index.ts';
import { SpeechError } from '../speech/recording.ts';
import { canTranscribe, type Transcribe } from '../speech/transcribe.ts';
import { drawSenderId, isSenderHashValid, senderHashOf } from './identity.ts';

/** The platform name of web-messenger senders in `senders`, turns and banks. */
export const WIDGET_PLATFORM = 'web';

/**
 * The chatbot a widget names, as stored: channel secrets stay sealed, nothing here reads them — except the
 * identity secret, opened once per cache fill (null while verification is off).
 */
export type WidgetChatbot = SaveChatbotInput & { user_id: number; identity_secret: string | null };

export interface WidgetContext {
  db: Database;
  secrets: SecretBox;
  runtime: Omit<RuntimeDeps, 'db'>;
}

const chatbotsByToken = botCache<WidgetChatbot | null>();

async function readChatbot(context: WidgetContext, botToken: string): Promise<WidgetChatbot | null> {
  const row = await findChatbotByToken(context.db, botToken);
  if (!row) return null;
  const identitySecret = row.identity_secret === '' ? null : context.secrets.decrypt(row.identity_secret);
  return { ...settingsOfRow(row), user_id: row.user_id, identity_secret: identitySecret };
}

/** The chatbot whose public token the widget sends (not a login token); read once until the bot changes. */
export async function requireChatbot(context: WidgetContext, botToken: string): Promise<WidgetChatbot> {
  const chatbot =
    botToken === ''
      ? null
      : await chatbotsByToken.get(context.db, botToken, () => readChatbot(context, botToken));
  if (!chatbot) throw new AppError('not_found', widgetMessages.botNotFound);
  return chatbot;
}

/** While the owner has identity verification on, a sender id is taken only with its sender_hash (identity.ts). */
export function requireSenderIdentity(
  chatbot: WidgetChatbot,
  sender: { senderId: number; senderHash?: string | undefined },
): void {
  if (chatbot.identity_secret === null) return;
  if (!isSenderHashValid(chatbot.identity_secret, sender.senderId, sender.senderHash)) {
    throw new AppError('forbidden', widgetMessages.senderHashRequired);
  }
}

/** A new sender id for a messenger with no id yet, signed while verification is on. */
export function newWidgetSender(chatbot: WidgetChatbot): { sender_id: number; sender_hash?: string } {
  const senderId = drawSenderId();
  return chatbot.identity_secret === null
    ? { sender_id: senderId }
    : { sender_id: senderId, sender_hash: senderHashOf(chatbot.identity_secret, senderId) };
}

/** What the messenger shows before the first message: looks, welcome, start button and menu. */
export function widgetSettingsOf(chatbot: WidgetChatbot): WidgetSettings {
  const messenger = chatbot.messenger_settings;
  return {
    chatbot_name: chatbot.chatbot_name,
    default_lang: messenger.default_lang,
    welcome_msg: messenger.welcome_msg,
    ...(messenger.welcome_msg_langs && { welcome_msg_langs: messenger.welcome_msg_langs }),
    logo: messenger.logo,
    avatar: messenger.avatar,
    main_color: messenger.main_color,
    width: messenger.width,
    height: messenger.height,
    start_button: {
      status: chatbot.chatbot_start_button_status,
      label: chatbot.chatbot_start_button_label,
      payload: chatbot.chatbot_start_button_postback,
    },
    persistent_menus: chatbot.chatbot_persistent_menus,
    // never the credentials: the browser's own speech recognition needs only the switch and the language
    voice: {
      status: messenger.voice.status ? 1 : 0,
      lang: messenger.voice.lang,
      server: canTranscribe(messenger.voice) ? 1 : 0,
    },
    identity_verification: chatbot.identity_secret === null ? 0 : 1,
  };
}

/**
 * A visitor's recording to text, with the provider the owner configured: 404 when none is, 415 for what is not
 * one of the recorded types, 503 when the provider fails (its reason goes to the log, never to the visitor).
 */
export async function transcribeRecording(
  transcribe: Transcribe,
  chatbot: WidgetChatbot,
  recording: { audio: unknown; contentType: string; log: { warn(object: unknown, message: string): void } },
): Promise<string> {
  const voice = chatbot.messenger_settings.voice;
  if (!canTranscribe(voice)) throw new AppError('not_found', widgetMessages.speechOff);
  const mimeType = recording.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!Buffer.isBuffer(recording.audio) || recording.audio.length === 0 || !isAudioType(mimeType)) {
    throw new AppError('unsupported_media_type', widgetMessages.audioInvalid);
  }
  try {
    return await transcribe(chatbot.user_id, voice, { audio: recording.audio, mimeType });
  } catch (error) {
    if (!(error instanceof SpeechError || error instanceof OutboundError)) throw error;
    recording.log.warn({ err: error, provider: voice.type }, 'the speech provider failed');
    throw new AppError('unavailable', widgetMessages.speechFailed);
  }
}

const isAudioType = (value: string) => (WIDGET_AUDIO_TYPES as readonly string[]).includes(value);

export interface WidgetMessage {
  senderId: number;
  event: IncomingEvent;
  locale?: string | undefined;
}

export function postWidgetMessage(
  context: WidgetContext,
  chatbot: WidgetChatbot,
  message: WidgetMessage,
): Promise<HandledTurn> {
  return handleEvent(
    { ...context.runtime, db: context.db },
    {
      chatbot,
      sender: { platform: WIDGET_PLATFORM, senderId: String(message.senderId) },
      event: message.event,
      ...(message.locale !== undefined && { locale: message.locale }),
    },
  );
}

export const WIDGET_NOTICES_LIMIT = 50;

const isoOf = (value: string) => new Date(value).toISOString();

/**
 * The sender's last turns before `before` and the notices left among them: from the oldest turn's time until the
 * turn `before` (the first page: until now; all of the last 50 when there is no turn).
 */
export async function widgetHistory(
  context: WidgetContext,
  chatbot: WidgetChatbot,
  query: { senderId: number; before?: number | undefined },
): Promise<{ turns: WidgetTurn[]; notices: WidgetNotice[] }> {
  const sender = { userId: chatbot.user_id, platform: WIDGET_PLATFORM, senderId: String(query.senderId) };
  const turns = await listTurns(context.db, sender, {
    limit: WIDGET_HISTORY_LIMIT,
    ...(query.before !== undefined && { before: query.before }),
  });
  const [anchor] =
    query.before === undefined
      ? []
      : await listTurns(context.db, sender, { before: query.before + 1, limit: 1 });
  const oldest = turns[0];
  const notices =
    query.before !== undefined && oldest === undefined
      ? []
      : await listNoticesBetween(
          context.db,
          sender,
          {
            from: oldest ? isoOf(oldest.createdAt) : null,
            until: anchor && anchor.id === query.before ? isoOf(anchor.createdAt) : null,
          },
          WIDGET_NOTICES_LIMIT,
        );
  return {
    turns: turns.map((turn) => ({
      turn_id: turn.id,
      event: turn.event,
      replies: turn.replies,
      created_at: isoOf(turn.createdAt),
    })),
    notices: notices.map((notice) => ({
      notice_id: notice.id,
      message: notice.message,
      created_at: notice.createdAt,
    })),
  };
}

/**
 * The sender's notices after a notice id (the owner confirmed an order, a person's reply…), oldest first, and
 * whether a hand-over is open (the messenger then asks faster).
 */
export async function widgetNotices(
  context: WidgetContext,
  chatbot: WidgetChatbot,
  query: { senderId: number; after?: number | undefined },
): Promise<{ notices: WidgetNotice[]; handoff: boolean }> {
  const sender = { userId: chatbot.user_id, platform: WIDGET_PLATFORM, senderId: String(query.senderId) };
  const notices = await listNotices(context.db, sender, query.after ?? 0, WIDGET_NOTICES_LIMIT);
  const handoff = await findOpenHandoff(context.db, sender);
  return {
    notices: notices.map((notice) => ({
      notice_id: notice.id,
      message: notice.message,
      created_at: notice.createdAt,
    })),
    handoff: handoff !== null,
  };
}
