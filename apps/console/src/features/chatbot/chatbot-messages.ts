import { chatbotMessages } from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../lib/messages.ts';

const keyByText = new Map<string, string>(
  Object.entries(chatbotMessages).map(([key, text]) => [text, `chatbot.serverMessages.${key}`]),
);

/** A chatbot rule's message in the current language; other messages go through the general catalogue. */
export function localizeChatbotMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key ? t(key) : localizeMessage(t, text);
}

export function localizeChatbotErrors(errors: FormErrors, t: TFunction): FormErrors {
  const localized: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    localized[field] = typeof message === 'string' ? localizeChatbotMessage(t, message) : message;
  }
  return localized;
}
