import { Navigate } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { fetchSubscription } from './subscriptions-api.ts';

const sendScreen = lazyScreen(() => import('./send-tab.tsx').then((file) => file.SendTab));

/**
 * Subscription channels and their notifications (spec part 2 §2 "Subscriptions", issue #13): the list, and a
 * channel's About (0 creates) and Send tabs, each its own chunk.
 */
export const subscriptionsModule: FeatureModule = {
  routes: [
    {
      path: 'subscription',
      element: lazyScreen(() => import('./subscriptions-page.tsx').then((file) => file.SubscriptionsPage)),
    },
    {
      path: 'subscription/:channelId',
      element: lazyScreen(() => import('./subscription-page.tsx').then((file) => file.SubscriptionPage)),
      children: [
        { index: true, element: <Navigate to="about" replace /> },
        {
          path: 'about',
          element: lazyScreen(() => import('./about-tab.tsx').then((file) => file.AboutTab)),
        },
        { path: 'send', element: sendScreen },
        { path: 'send/:commandId', element: sendScreen },
      ],
    },
  ],
  crumbNames: { subscription: async (id) => (await fetchSubscription(id)).data.sc_title },
};
