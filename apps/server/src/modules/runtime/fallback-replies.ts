import { type BotLanguage, type BotMessage, defaultChatbotSettings, textInLanguage } from '@hiwar/contracts';
import type { RuntimeChatbot } from './turn-state.ts';

const DEFAULT_FALLBACK_MSG = defaultChatbotSettings().chatbot_fallback_msg;

/**
 * The chatbot's fallback message in the sender's language when the owner wrote one, else as written (its plain
 * field has no language of its own), else the built-in message.
 */
function fallbackText(chatbot: RuntimeChatbot, lang: BotLanguage | null): string {
  const text = textInLanguage(chatbot.chatbot_fallback_msg, chatbot.chatbot_fallback_msg_langs, {
    message: lang,
    plain: null,
  });
  return text.trim() === '' ? DEFAULT_FALLBACK_MSG : text;
}

/**
 * The chatbot's fallback as messages: `text` its message, `options` that message with the options as quick
 * replies. A `cmd` fallback is run by the caller; this answers its message for when that command cannot run.
 */
export function chatbotFallbackReplies(chatbot: RuntimeChatbot, lang: BotLanguage | null): BotMessage[] {
  const text = fallbackText(chatbot, lang);
  const options = chatbot.chatbot_fallback_options;
  if (chatbot.chatbot_fallback_type === 'options' && options.length > 0) {
    const label = (option: (typeof options)[number]) =>
      textInLanguage(option.label, option.label_langs, { message: lang, plain: null });
    return [
      { type: 'quick_replies', text, replies: options.map((o) => ({ label: label(o), payload: o.val })) },
    ];
  }
  return [{ type: 'text', text }];
}

/** A command that cannot answer (empty text, or a response type not executed yet): its own fallback first. */
export function commandFallbackReplies(
  chatbot: RuntimeChatbot,
  commandFallbackMsg: string,
  lang: BotLanguage | null = null,
): BotMessage[] {
  if (commandFallbackMsg.trim() !== '') return [{ type: 'text', text: commandFallbackMsg }];
  return [{ type: 'text', text: fallbackText(chatbot, lang) }];
}
