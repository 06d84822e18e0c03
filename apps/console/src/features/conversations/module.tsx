import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';

/**
 * The bot's conversations (issue #15): every sender with the filters, a sender's transcript (and the
 * hand-over to a person), and the "not understood" inbox. A fixed segment ranks above `:senderKey`.
 */
export const conversationsModule: FeatureModule = {
  routes: [
    {
      path: 'conversations',
      element: lazyScreen(() => import('./conversations-page.tsx').then((file) => file.ConversationsPage)),
    },
    {
      path: 'conversations/not-understood',
      element: lazyScreen(() => import('./not-understood-page.tsx').then((file) => file.NotUnderstoodPage)),
    },
    {
      path: 'conversations/:senderKey',
      element: lazyScreen(() => import('./transcript-page.tsx').then((file) => file.TranscriptPage)),
    },
  ],
};
