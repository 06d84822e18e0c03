import {
  type IncomingEvent,
  WIDGET_HISTORY_LIMIT,
  type WidgetSettings,
  type WidgetTurn,
  widgetMessages,
} from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findChatbotByPublicToken, type StoredChatbot } from '../chatbot/chatbot-service.ts';
import { type HandledTurn, handleEvent, listTurns, type RuntimeDeps } from '../runtime/index.ts';

/** The platform name of web-messenger senders in `senders`, turns and banks. */
export const WIDGET_PLATFORM = 'web';

export interface WidgetContext {
  db: Database;
  secrets: SecretBox;
  runtime: Omit<RuntimeDeps, 'db'>;
}

export async function requireChatbot(context: WidgetContext, botToken: string): Promise<StoredChatbot> {
  const chatbot = await findChatbotByPublicToken(context.db, botToken, context.secrets);
  if (!chatbot) throw new AppError('not_found', widgetMessages.botNotFound);
  return chatbot;
}

/** What the messenger shows before the first message: looks, welcome, start button and menu. */
export function widgetSettingsOf(chatbot: StoredChatbot): WidgetSettings {
  const messenger = chatbot.messenger_settings;
  return {
    chatbot_name: chatbot.chatbot_name,
    default_lang: messenger.default_lang,
    welcome_msg: messenger.welcome_msg,
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
  };
}

export interface WidgetMessage {
  senderId: number;
  event: IncomingEvent;
  locale?: string | undefined;
}

export function postWidgetMessage(
  context: WidgetContext,
  chatbot: StoredChatbot,
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

export async function widgetHistory(
  context: WidgetContext,
  chatbot: StoredChatbot,
  query: { senderId: number; before?: number | undefined },
): Promise<WidgetTurn[]> {
  const sender = { userId: chatbot.user_id, platform: WIDGET_PLATFORM, senderId: String(query.senderId) };
  const turns = await listTurns(context.db, sender, {
    limit: WIDGET_HISTORY_LIMIT,
    ...(query.before !== undefined && { before: query.before }),
  });
  return turns.map((turn) => ({
    turn_id: turn.id,
    event: turn.event,
    replies: turn.replies,
    created_at: turn.createdAt,
  }));
}
