import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BotMessage, IncomingEvent, MediaKind } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import type { Database } from '../../platform/db/database.ts';
import {
  type ChannelAdapter,
  queuedCallOptions,
  type SendProgress,
  sendInOrder,
  type TurnInput,
} from '../channel-adapter.ts';
import { replyLanguageOf } from '../channel-text.ts';
import {
  findPayload,
  listConnections,
  type StoredUpdate,
  saveConnection,
  storePayloads,
} from '../update-repository.ts';
import { callTelegram, type TelegramCallOptions, TelegramError } from './telegram-api.ts';
import { renderForTelegram, shortPayloadKey, telegramReplyLabel } from './telegram-render.ts';

export const TELEGRAM = 'telegram';

/** The updates the webhook asks Telegram for. */
const ALLOWED_UPDATES = ['message', 'callback_query'];

/** The subset of a Telegram Update the bot reads. */
export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
  callback_query?: {
    id: string;
    from: TelegramUser;
    message?: TelegramMessage;
    data?: string;
  };
}

interface TelegramUser {
  id: number;
  is_bot?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

interface TelegramMessage {
  message_id: number;
  from?: TelegramUser;
  chat: { id: number; type?: string };
  /** the message this one replies to (in a group: a reply to the bot's message is addressed to it) */
  reply_to_message?: { message_id: number; from?: TelegramUser };
  text?: string;
  /** the text sent with a photo, video, document or audio */
  caption?: string;
  location?: { latitude: number; longitude: number };
  photo?: unknown[];
  document?: unknown;
  video?: unknown;
  video_note?: unknown;
  animation?: unknown;
  voice?: unknown;
  audio?: unknown;
  sticker?: unknown;
}

/** What kind of media a message without text carries, or null for none the bot knows (a poll, a contact…). */
function mediaKindOf(message: TelegramMessage): MediaKind | null {
  if (message.photo) return 'photo';
  if (message.video || message.video_note || message.animation) return 'video';
  if (message.voice) return 'voice';
  if (message.audio) return 'audio';
  if (message.sticker) return 'sticker';
  if (message.document) return 'file';
  return null;
}

export interface TelegramSettings {
  /** TELEGRAM_API_URL */
  apiUrl: string;
  /** the server's secret key: the webhook secrets are derived from it */
  secretKey: Buffer;
  callOptions?: TelegramCallOptions;
}

/** The connection's reason when the server's public address is not https (PUBLIC_URL). */
export const HTTPS_REQUIRED =
  'Telegram only delivers to https addresses: set PUBLIC_URL to the https address of this server';

/** Whether `apiUrl` is Telegram's own Bot API, which refuses webhooks that are not https. */
export function isOfficialApi(apiUrl: string): boolean {
  try {
    return new URL(apiUrl).hostname === 'api.telegram.org';
  } catch {
    return false;
  }
}

/** The bot token the owner pasted (telegram credentials `token`), trimmed. */
export function botTokenOf(chatbot: StoredChatbot): string {
  return chatbot.apps.telegram.chatbot_app_credentials.token.trim();
}

/**
 * The secret Telegram sends back on every update (`X-Telegram-Bot-Api-Secret-Token`): derived from the server's
 * key, the chatbot's public token and the bot token — nothing to store, and a new bot token gets a new secret.
 * 43 characters of A–Z a–z 0–9 _ -, as setWebhook requires.
 */
export function webhookSecretOf(settings: TelegramSettings, chatbot: StoredChatbot): string {
  return createHmac('sha256', settings.secretKey)
    .update(`telegram-webhook\n${chatbot.user_token}\n${botTokenOf(chatbot)}`)
    .digest('base64url');
}

/** Whether the header carries the chatbot's webhook secret (compared in constant time). */
export function isWebhookSecretValid(
  settings: TelegramSettings,
  chatbot: StoredChatbot,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(webhookSecretOf(settings, chatbot));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Group chats, where the bot talks with each member on their own and answers only what is addressed to it. */
const GROUP_TYPES = new Set(['group', 'supergroup']);

const isGroupChat = (chat: { type?: string } | undefined) => GROUP_TYPES.has(chat?.type ?? '');

/**
 * The sender an update belongs to and its id, or null for an update the bot does not read. In a private chat
 * the sender is the chat; in a group or supergroup it is the chat and the member,
 * `<chat id>:<user id>`, so each member has a conversation of their own.
 */
export function senderOfUpdate(update: unknown): { externalId: string; senderId: string } | null {
  if (!update || typeof update !== 'object') return null;
  const value = update as TelegramUpdate;
  if (!Number.isSafeInteger(value.update_id)) return null;
  const chat = value.message?.chat ?? value.callback_query?.message?.chat;
  const chatId = chat?.id ?? value.callback_query?.from?.id;
  if (!Number.isSafeInteger(chatId)) return null;
  const member = value.message?.from?.id ?? value.callback_query?.from?.id;
  const senderId = isGroupChat(chat) && Number.isSafeInteger(member) ? `${chatId}:${member}` : String(chatId);
  return { externalId: String(value.update_id), senderId };
}

/** The chat a sender is in: a group member's `<chat id>:<user id>` answers in the group. */
export function chatOf(senderId: string): string {
  return senderId.split(':')[0] ?? senderId;
}

/**
 * What a group message says to the bot, or null when it is not addressed to it (Telegram's own privacy-mode
 * convention): a `/command` (not one `@another_bot`'s), a mention of the bot's `@username` (taken out of the
 * text), or a reply to one of the bot's messages.
 */
export function addressedText(message: TelegramMessage, text: string, botUsername: string): string | null {
  const username = botUsername.replace(/^@/, '').toLowerCase();
  const command = /^\/[A-Za-z0-9_]+(@([A-Za-z0-9_]+))?/.exec(text);
  if (command) {
    const named = command[2]?.toLowerCase();
    if (named !== undefined && named !== username) return null;
    return named === undefined ? text : text.replace(command[1] ?? '', '');
  }
  if (username !== '') {
    const mention = new RegExp(`(^|\\s)@${username}\\b`, 'i');
    if (mention.test(text))
      return text
        .replace(new RegExp(`@${username}\\b`, 'gi'), ' ')
        .replace(/\s+/g, ' ')
        .trim();
  }
  const repliedTo = message.reply_to_message?.from;
  const isReplyToBot =
    repliedTo?.is_bot === true && username !== '' && repliedTo.username?.toLowerCase() === username;
  return isReplyToBot ? text : null;
}

/** The bot's @username, as the connection recorded it from getMe ('' before it connected). */
async function botUsernameOf(db: Database, userId: number): Promise<string> {
  return (await listConnections(db, userId))[TELEGRAM]?.account ?? '';
}

function quickReplyKey(chatId: string, label: string): string {
  return `q:${chatId}:${shortPayloadKey(label).slice(2)}`;
}

function profileOf(user: TelegramUser | undefined): TurnInput['sender'] {
  if (!user) return {};
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return { ...(name !== '' && { name }), ...(user.username && { username: user.username }) };
}

export function createTelegramAdapter(settings: TelegramSettings): ChannelAdapter & {
  connect(db: Database, chatbot: StoredChatbot, baseUrl: string): Promise<void>;
  disconnect(db: Database, chatbot: StoredChatbot): Promise<void>;
  sendMessages(
    chatbot: StoredChatbot,
    chatId: string,
    messages: BotMessage[],
    db: Database,
    lang?: Lang,
    callOptions?: TelegramCallOptions,
    progress?: SendProgress,
  ): Promise<{ degraded: string[] }>;
} {
  const call = (token: string, method: string, body: unknown, options?: TelegramCallOptions) =>
    callTelegram(settings.apiUrl, token, method, body, { ...settings.callOptions, ...options });

  async function sendMessages(
    chatbot: StoredChatbot,
    chatId: string,
    messages: BotMessage[],
    db: Database,
    lang: Lang = replyLanguageOf(messages),
    callOptions?: TelegramCallOptions,
    progress?: SendProgress,
  ) {
    const payloads = new Map<string, string>();
    const rendered = renderForTelegram(messages, {
      chatId: chatOf(chatId),
      lang,
      texts: chatbot.chatbot_texts,
      payloadKey: (payload) => {
        const key = shortPayloadKey(payload);
        payloads.set(key, payload);
        return key;
      },
    });
    // a quick reply comes back as its label typed: kept per chat, so the label becomes its payload again
    for (const message of messages) {
      if (message.type !== 'quick_replies') continue;
      for (const reply of message.replies) {
        // the button text as the renderer wrote it; a repeated label keeps its first payload, as its button does
        const key = quickReplyKey(chatId, telegramReplyLabel(reply.label));
        if (!payloads.has(key)) payloads.set(key, reply.payload);
      }
    }
    await storePayloads(db, chatbot.user_id, TELEGRAM, payloads);
    const token = botTokenOf(chatbot);
    // a group member's reply quotes the message it answers (the first call; sent even if it was deleted)
    const quote = progress?.replyTo && {
      reply_parameters: { message_id: Number(progress.replyTo), allow_sending_without_reply: true },
    };
    await sendInOrder(rendered.calls, progress, (request, index) =>
      call(
        token,
        request.method,
        index === 0 && quote ? { ...request.body, ...quote } : request.body,
        callOptions,
      ),
    );
    return { degraded: rendered.degraded };
  }

  return {
    channel: TELEGRAM,
    platform: TELEGRAM,
    unanswered: 'once',
    isEnabled: (chatbot) => chatbot.apps.telegram.chatbot_app_status === 1 && botTokenOf(chatbot) !== '',

    async toTurn(update: StoredUpdate, chatbot, { db }) {
      const value = update.payload as TelegramUpdate;
      const query = value.callback_query;
      if (query) {
        // stop the button's spinner; a failure here must not lose the turn
        await call(
          botTokenOf(chatbot),
          'answerCallbackQuery',
          { callback_query_id: query.id },
          { attempts: 1 },
        ).catch(() => undefined);
        const data = query.data ?? '';
        const payload = (await findPayload(db, update.userId, TELEGRAM, data)) ?? data;
        if (payload === '') return null;
        return {
          event: { type: 'postback', payload },
          sender: profileOf(query.from),
          ...(query.from.language_code && { locale: query.from.language_code }),
        };
      }
      const message = value.message;
      if (!message) return null;
      const locale = message.from?.language_code;
      const isGroup = isGroupChat(message.chat);
      // in a group the reply quotes the message it answers
      const base = {
        sender: profileOf(message.from),
        ...(locale && { locale }),
        ...(isGroup && { replyTo: String(message.message_id) }),
      };
      const botUsername = isGroup ? await botUsernameOf(db, update.userId) : '';
      if (message.location) {
        // a location in a group is the bot's only as a reply to it
        if (isGroup && addressedText(message, '', botUsername) === null) return null;
        const event: IncomingEvent = {
          type: 'location',
          lat: message.location.latitude,
          lng: message.location.longitude,
        };
        return { ...base, event };
      }
      // a photo with a caption is read by its caption; media without one is answered that only text is read
      const written = (message.text ?? message.caption ?? '').trim();
      // a tapped quick reply: its label, sent back as the payload the bot offered this sender (in a group too,
      // where the tap arrives as a plain message)
      const offered =
        written === ''
          ? null
          : await findPayload(db, update.userId, TELEGRAM, quickReplyKey(update.senderId, written));
      if (offered !== null) return { ...base, event: { type: 'postback', payload: offered, label: written } };
      const text = isGroup ? addressedText(message, written, botUsername) : written;
      if (text === null) return null;
      if (text === '') {
        const kind = mediaKindOf(message);
        return kind ? { ...base, event: { type: 'media', kind } } : null;
      }
      // /start from Telegram's own Start button: the chatbot's start button, when it has one
      if (text === '/start' && chatbot.chatbot_start_button_status === 1) {
        return { ...base, event: { type: 'postback', payload: chatbot.chatbot_start_button_postback } };
      }
      return { ...base, event: { type: 'text', text: text.slice(0, 4000) } };
    },

    async send(chatbot, senderId, replies, { db }, progress) {
      return sendMessages(
        chatbot,
        senderId,
        replies,
        db,
        progress?.lang,
        queuedCallOptions(progress),
        progress,
      );
    },

    sendMessages,

    /** setWebhook with the secret, then getMe: the status the chatbot screen shows, with Telegram's reason. */
    async connect(db, chatbot, baseUrl) {
      const webhookUrl = `${baseUrl.replace(/\/+$/, '')}/hooks/telegram/${encodeURIComponent(chatbot.user_token)}`;
      const token = botTokenOf(chatbot);
      // Telegram's own servers deliver only to https addresses (a local Bot API server, TELEGRAM_API_URL, also
      // to http): say so instead of a webhook that silently never fires
      if (isOfficialApi(settings.apiUrl) && !webhookUrl.startsWith('https://')) {
        await saveConnection(db, chatbot.user_id, TELEGRAM, {
          status: 'pending',
          reason: HTTPS_REQUIRED,
          account: '',
          webhookUrl,
        });
        return;
      }
      try {
        const me = await call(token, 'getMe', {}, { attempts: 2 });
        await call(
          token,
          'setWebhook',
          {
            url: webhookUrl,
            secret_token: webhookSecretOf(settings, chatbot),
            allowed_updates: ALLOWED_UPDATES,
          },
          { attempts: 2 },
        );
        const username = (me as { username?: string })?.username ?? '';
        await saveConnection(db, chatbot.user_id, TELEGRAM, {
          status: 'active',
          reason: '',
          account: username === '' ? '' : `@${username}`,
          webhookUrl,
        });
      } catch (error) {
        const isRefused = error instanceof TelegramError && (error.status === 401 || error.status === 404);
        const reason =
          error instanceof TelegramError
            ? isRefused
              ? 'Telegram refused the bot token: check it in @BotFather'
              : `Telegram answered: ${error.description}`
            : String(error);
        await saveConnection(db, chatbot.user_id, TELEGRAM, {
          status: error instanceof TelegramError && error.status === 403 ? 'banned' : 'pending',
          reason,
          account: '',
          webhookUrl,
        });
      }
    },

    async disconnect(db, chatbot) {
      const token = botTokenOf(chatbot);
      if (token !== '') await call(token, 'deleteWebhook', {}, { attempts: 1 }).catch(() => undefined);
      await saveConnection(db, chatbot.user_id, TELEGRAM, {
        status: 'inactive',
        reason: '',
        account: '',
        webhookUrl: '',
      });
    },
  };
}
