import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { transcriptQuery } from './conversations-api.ts';
import { senderNameOf } from './sender-name.ts';

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
  // the breadcrumb names a sender as the transcript's title does, not by its key
  crumbNames: {
    conversations: async (key, queryClient) => {
      const transcript = await queryClient.fetchInfiniteQuery(transcriptQuery(key));
      const sender = transcript.pages[0]?.sender;
      return sender ? senderNameOf(sender) : key;
    },
  },
};
