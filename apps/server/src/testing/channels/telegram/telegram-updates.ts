/** Telegram Update objects as Telegram posts them to a webhook, for tests (a private chat: chat id = user id). */

export interface UpdateSender {
  id?: number;
  first_name?: string;
  username?: string;
  language_code?: string;
}

/** A fixed date (seconds) so updates built in a test compare equal. */
const UPDATE_DATE = 1_700_000_000;

function userOf(chatId: number, from: UpdateSender = {}) {
  return {
    id: from.id ?? chatId,
    is_bot: false,
    first_name: from.first_name ?? 'Test',
    username: from.username ?? `user${chatId}`,
    language_code: from.language_code ?? 'en',
  };
}

function messageOf(updateId: number, chatId: number, from?: UpdateSender) {
  const user = userOf(chatId, from);
  return {
    message_id: updateId,
    from: user,
    chat: { id: chatId, type: 'private', first_name: user.first_name, username: user.username },
    date: UPDATE_DATE,
  };
}

export function textUpdate(updateId: number, chatId: number, text: string, from?: UpdateSender) {
  return { update_id: updateId, message: { ...messageOf(updateId, chatId, from), text } };
}

/**
 * A message carrying media: `{ photo: [...], caption: '…' }`, `{ sticker: {...} }`, `{ voice: {...} }` — as
 * Telegram sends them (the file ids are made up).
 */
export function mediaUpdate(
  updateId: number,
  chatId: number,
  media: 'photo' | 'sticker' | 'voice' | 'document',
  options: { caption?: string; from?: UpdateSender } = {},
) {
  const file = { file_id: `AgAC${updateId}`, file_unique_id: `AQAD${updateId}`, file_size: 4096 };
  const content = {
    photo: { photo: [{ ...file, width: 90, height: 67 }] },
    sticker: {
      sticker: { ...file, width: 512, height: 512, emoji: '👍', is_animated: false, type: 'regular' },
    },
    voice: { voice: { ...file, duration: 3, mime_type: 'audio/ogg' } },
    document: { document: { ...file, file_name: 'menu.pdf', mime_type: 'application/pdf' } },
  }[media];
  return {
    update_id: updateId,
    message: {
      ...messageOf(updateId, chatId, options.from),
      ...content,
      ...(options.caption !== undefined && { caption: options.caption }),
    },
  };
}

/**
 * A member's message in a group (`chat.type` supergroup, a negative id): `replyTo` makes it a reply to a message
 * of `replyTo.from` (the bot: `{ is_bot: true, username }`).
 */
export function groupTextUpdate(
  updateId: number,
  group: { id: number; title?: string },
  member: UpdateSender & { id: number },
  text: string,
  replyTo?: { messageId: number; from: { id: number; is_bot: boolean; username: string } },
) {
  const user = userOf(member.id, member);
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: user,
      chat: { id: group.id, type: 'supergroup', title: group.title ?? 'Pizza lovers' },
      date: UPDATE_DATE,
      text,
      ...(replyTo && {
        reply_to_message: {
          message_id: replyTo.messageId,
          from: { ...replyTo.from, first_name: replyTo.from.username },
          chat: { id: group.id, type: 'supergroup', title: group.title ?? 'Pizza lovers' },
          date: UPDATE_DATE,
          text: '…',
        },
      }),
    },
  };
}

export function locationUpdate(
  updateId: number,
  chatId: number,
  lat: number,
  lng: number,
  from?: UpdateSender,
) {
  return {
    update_id: updateId,
    message: { ...messageOf(updateId, chatId, from), location: { latitude: lat, longitude: lng } },
  };
}

/**
 * A tap on an inline button: `message` is the bot's message that carried it (from the bot), `id` the query to
 * answer with answerCallbackQuery.
 */
export function callbackUpdate(updateId: number, chatId: number, data: string, from?: UpdateSender) {
  const user = userOf(chatId, from);
  return {
    update_id: updateId,
    callback_query: {
      id: `${chatId}${updateId}`,
      from: user,
      message: {
        message_id: updateId,
        from: { id: 1, is_bot: true, first_name: 'Bot', username: 'test_bot' },
        chat: { id: chatId, type: 'private', first_name: user.first_name, username: user.username },
        date: UPDATE_DATE,
        text: 'Choose:',
      },
      chat_instance: `-${chatId}`,
      data,
    },
  };
}

export type TelegramUpdate =
  | ReturnType<typeof textUpdate>
  | ReturnType<typeof locationUpdate>
  | ReturnType<typeof callbackUpdate>;

/** The chatbot's channel settings with Telegram switched on with this bot token and the others off. */
export const telegramApps = (token: string) => ({
  facebook: [],
  telegram: { chatbot_app_status: 1, chatbot_app_credentials: { verify_token: '', token } },
  whatsapp: {
    chatbot_app_status: 0,
    chatbot_app_credentials: { verify_token: '', chatapi_url: '', token: '' },
  },
  hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
});
