import { useOutletContext } from 'react-router';
import type { SubscriptionBrowse } from './subscriptions-api.ts';

/** What the channel's frame hands its About and Send tabs. */
export interface SubscriptionContext {
  /** 0 while the channel is new */
  channelId: number;
  /** the channel as browse answered it; undefined while new */
  channel: SubscriptionBrowse | undefined;
}

export function useSubscriptionContext(): SubscriptionContext {
  return useOutletContext<SubscriptionContext>();
}
