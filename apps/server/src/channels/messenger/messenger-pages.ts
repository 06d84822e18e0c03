import type { ChatbotApps } from '@hiwar/contracts';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';

export type FacebookPage = ChatbotApps['facebook'][number];

/** The pages switched on with a page token: the ones the bot answers on. */
export function enabledPagesOf(chatbot: StoredChatbot): FacebookPage[] {
  return chatbot.apps.facebook.filter(
    (page) => page.chatbot_app_status === 1 && page.chatbot_app_credentials.access_token.trim() !== '',
  );
}

export function pageIdOf(page: FacebookPage): string {
  return page.chatbot_app_credentials.page_id.trim();
}

export function pageTokenOf(page: FacebookPage): string {
  return page.chatbot_app_credentials.access_token.trim();
}

export function findEnabledPage(chatbot: StoredChatbot, pageId: string): FacebookPage | undefined {
  return enabledPagesOf(chatbot).find((page) => pageIdOf(page) === pageId);
}
