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
