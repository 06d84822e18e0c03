import {
  MESSENGER_HEIGHT_MAX,
  MESSENGER_HEIGHT_MIN,
  MESSENGER_WIDTH_MAX,
  MESSENGER_WIDTH_MIN,
  type WidgetSettings,
} from '@hiwar/contracts';
import type { ChatbotValues } from './chatbot-values.ts';

/** A size being typed ('', 3) is drawn at the nearest size the messenger allows. */
function sizeWithin(value: unknown, fallback: number, min: number, max: number): number {
  const size = Number(value);
  return Number.isFinite(size) && size > 0 ? Math.min(max, Math.max(min, Math.round(size))) : fallback;
}

/**
 * What the messenger would read from GET /widget/api/{bot}/settings once these values are saved (the server's
 * `widgetSettingsOf`), for the live preview of unsaved changes.
 */
export function previewSettingsOf(values: ChatbotValues): WidgetSettings {
  const messenger = values.messenger_settings;
  return {
    chatbot_name: values.chatbot_name,
    default_lang: messenger.default_lang,
    welcome_msg: messenger.welcome_msg,
    welcome_msg_langs: messenger.welcome_msg_langs,
    logo: messenger.logo,
    avatar: messenger.avatar,
    main_color: messenger.main_color,
    width: sizeWithin(messenger.width, 380, MESSENGER_WIDTH_MIN, MESSENGER_WIDTH_MAX),
    height: sizeWithin(messenger.height, 600, MESSENGER_HEIGHT_MIN, MESSENGER_HEIGHT_MAX),
    start_button: {
      status: values.chatbot_start_button_status === 1 ? 1 : 0,
      label: values.chatbot_start_button_label,
      payload: values.chatbot_start_button_postback,
    },
    persistent_menus: values.chatbot_persistent_menus,
    voice: { status: messenger.voice.status === 1 ? 1 : 0, lang: messenger.voice.lang },
  };
}
