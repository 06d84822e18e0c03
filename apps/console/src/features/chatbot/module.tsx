import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
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
