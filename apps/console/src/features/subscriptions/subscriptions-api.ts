import type {
  AudienceFilter,
  BrowseSubscriptionResponse,
  CountSubscribersResponse,
  NotificationData,
  NotificationPlatform,
  SaveSubscriptionRequest,
  SendToSubscribersResponse,
  SubscriptionPageResponse,
  SubscriptionRow,
} from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Every query of this feature starts with this key, so one invalidation reloads the list, the channel and the count. */
export const subscriptionsKey = ['subscriptions'] as const;

export type SubscriptionPage = Omit<SubscriptionPageResponse, 'status'>;
export type SubscriptionBrowse = Omit<BrowseSubscriptionResponse, 'status'>;

/** POST /subscription/get/{page}: the owner's channels, 10 a page, filtered by keywords in the title. */
export async function fetchSubscriptionsPage(page: number, keywords: string): Promise<SubscriptionPage> {
  const answer = await api.post<SubscriptionPage>(`/subscription/get/${page}`, { keywords });
  return { page: answer.page, pages_count: answer.pages_count, data: answer.data };
}

export function useSubscriptionsPage(page: number, keywords: string) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'page', page, keywords],
    queryFn: () => fetchSubscriptionsPage(page, keywords),
    placeholderData: keepPreviousData,
  });
}

/** Every channel, page after page (the response editor's channel picker). */
export async function fetchAllSubscriptions(): Promise<SubscriptionRow[]> {
  const first = await fetchSubscriptionsPage(1, '');
  const rest = await Promise.all(
    Array.from({ length: Math.max(first.pages_count - 1, 0) }, (_, index) =>
      fetchSubscriptionsPage(index + 2, ''),
    ),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

export function useAllSubscriptions(isNeeded: boolean) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'all'],
    queryFn: fetchAllSubscriptions,
    enabled: isNeeded,
  });
}

/** GET /subscription/browse/{id}[/{command_id}]: the channel with its key and collected values, its command's variables, its sends. */
export async function fetchSubscription(
  channelId: number | string,
  commandId?: number,
): Promise<SubscriptionBrowse> {
  const path = commandId
    ? `/subscription/browse/${channelId}/${commandId}`
    : `/subscription/browse/${channelId}`;
  const { data, vars, notifications_pending, failures } = await api.get<SubscriptionBrowse>(path);
  return { data, vars, notifications_pending, failures };
}

export function subscriptionKey(channelId: number) {
  return [...subscriptionsKey, 'one', channelId] as const;
}

export function useSubscription(channelId: number, commandId?: number) {
  return useQuery({
    queryKey: [...subscriptionKey(channelId), commandId ?? 0],
    queryFn: () => fetchSubscription(channelId, commandId),
    enabled: channelId > 0,
    retry: false,
    // the subscriber count and the sends move without the owner: read again each time the channel is opened
    staleTime: 0,
  });
}

/** POST /subscription/save/{id} (0 creates); resolves with the channel's id. */
export async function saveSubscription(channelId: number, request: SaveSubscriptionRequest): Promise<number> {
  return (await api.post<{ id: number }>(`/subscription/save/${channelId}`, request)).id;
}

export function deleteSubscription(channelId: number) {
  return api.post(`/subscription/delete/${channelId}`);
}

/** POST /subscription/regenerate_key/{id}: a new api_key; the old one stops working at once. */
export async function regenerateApiKey(channelId: number): Promise<string> {
  return (await api.post<{ data: { api_key: string } }>(`/subscription/regenerate_key/${channelId}`)).data
    .api_key;
}

export interface AudienceCount {
  count: number;
  perPlatform: Record<string, number>;
}

/** POST /subscription/count_subscribers: how many subscribers the filter and platform reach. */
export async function countSubscribers(
  channelId: number,
  filter: AudienceFilter,
  platform: NotificationPlatform | null,
): Promise<AudienceCount> {
  const answer = await api.post<Omit<CountSubscribersResponse, 'status'>>('/subscription/count_subscribers', {
    channel_id: channelId,
    vars: filter,
    platform,
  });
  return { count: answer.count, perPlatform: answer.per_circle };
}

export function useSubscriberCount(
  channelId: number,
  filter: AudienceFilter,
  platform: NotificationPlatform | null,
) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'count', channelId, filter, platform],
    queryFn: () => countSubscribers(channelId, filter, platform),
    enabled: channelId > 0,
    placeholderData: keepPreviousData,
  });
}

export interface SendRequest {
  channelId: number;
  data: NotificationData;
  filter: AudienceFilter;
  platform: NotificationPlatform | null;
  /** the count the screen showed */
  count: number;
}

/** POST /subscription/send_to_subscribers: queues the send; its progress comes on the event stream. */
export async function sendToSubscribers(
  request: SendRequest,
): Promise<Omit<SendToSubscribersResponse, 'status'>> {
  const answer = await api.post<Omit<SendToSubscribersResponse, 'status'>>(
    '/subscription/send_to_subscribers',
    {
      channel_id: request.channelId,
      stream_status: 1,
      data: request.data,
      values: request.filter,
      platform: request.platform,
      sub_count: request.count,
    },
  );
  return { count: answer.count, notification_id: answer.notification_id };
}
