import { type BotMessage, defaultChatbotSettings } from '@hiwar/contracts';
import type { RuntimeChatbot } from './turn-state.ts';

const DEFAULT_FALLBACK_MSG = defaultChatbotSettings().chatbot_fallback_msg;

function fallbackText(chatbot: RuntimeChatbot): string {
  const text = chatbot.chatbot_fallback_msg.trim();
  return text === '' ? DEFAULT_FALLBACK_MSG : chatbot.chatbot_fallback_msg;
}

/**
 * The chatbot's fallback as messages: `text` its message, `options` that message with the options as quick
 * replies. A `cmd` fallback is run by the caller; this answers its message for when that command cannot run.
 */
export function chatbotFallbackReplies(chatbot: RuntimeChatbot): BotMessage[] {
  const text = fallbackText(chatbot);
  const options = chatbot.chatbot_fallback_options;
  if (chatbot.chatbot_fallback_type === 'options' && options.length > 0) {
    return [
      { type: 'quick_replies', text, replies: options.map((o) => ({ label: o.label, payload: o.val })) },
    ];
  }
  return [{ type: 'text', text }];
}

/** A command that cannot answer (empty text, or a response type not executed yet): its own fallback first. */
export function commandFallbackReplies(chatbot: RuntimeChatbot, commandFallbackMsg: string): BotMessage[] {
  if (commandFallbackMsg.trim() !== '') return [{ type: 'text', text: commandFallbackMsg }];
  return [{ type: 'text', text: fallbackText(chatbot) }];
}
