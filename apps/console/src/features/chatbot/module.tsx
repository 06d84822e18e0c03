import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import { fetchChatbotName } from './chatbot-api.ts';

export const chatbotModule: FeatureModule = {
  routes: [
    {
      path: 'chatbot',
      element: lazyScreen(() => import('./chatbot-page.tsx').then((file) => file.ChatbotPage)),
    },
  ],
  crumbNames: { chatbot: fetchChatbotName },
};
