import type { FeatureModule } from '../../app/feature-module.ts';
import { fetchChatbotName } from './chatbot-api.ts';
import { ChatbotPage } from './chatbot-page.tsx';

export const chatbotModule: FeatureModule = {
  routes: [{ path: 'chatbot', element: <ChatbotPage /> }],
  crumbNames: { chatbot: fetchChatbotName },
};
