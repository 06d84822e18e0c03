import {
  type ChatbotBrowseResponse,
  type ChatbotRecord,
  type SaveChatbotInput,
  saveChatbotRequest,
} from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';

/** What the settings form edits: the record without the server's generated fields. */
export type ChatbotValues = SaveChatbotInput;

export function valuesOfRecord(record: ChatbotRecord): ChatbotValues {
  const { chatbot_id: _id, messenger_settings, ...settings } = record;
  const {
    iframe_tag: _iframe,
    embed_code: _embed,
    whatsapp_web_hook: _hook,
    ...messenger
  } = messenger_settings;
  return { ...settings, messenger_settings: messenger };
}

export interface ChatbotIdentityAnswer {
  record: ChatbotRecord;
  chatbotUserId: number;
  userToken: string;
}

export function identityOfAnswer(answer: ChatbotBrowseResponse): ChatbotIdentityAnswer {
  return { record: answer.data, chatbotUserId: answer.chatbot_user_id, userToken: answer.user_token };
}

/**
 * Every child of the record checked at once with the contracts' rules (spec §4: saving validates all child
 * fields first): `{ 'apps.telegram.chatbot_app_credentials.verify_token': message, … }`, untranslated.
 */
export function validateChatbot(values: ChatbotValues): FormErrors {
  const result = saveChatbotRequest.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
