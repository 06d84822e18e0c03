import type { TrafficResponse } from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type TrafficPeriod = 'day' | 'month' | 'year';

/** Every period's traffic query starts with this key: the inbox stream reads it again with the waiting counts. */
export const trafficKey = ['user', 'traffic'] as const;
export type Traffic = TrafficResponse['data'];

/** GET /user/traffic: the bot's messages per day, month or year, how many were understood, per language. */
export async function fetchTraffic(period: TrafficPeriod): Promise<Traffic> {
  return (await api.get<{ data: Traffic }>(`/user/traffic?period=${period}`)).data;
}

export function useTraffic(period: TrafficPeriod) {
  return useQuery({
    queryKey: [...trafficKey, period],
    queryFn: () => fetchTraffic(period),
    placeholderData: keepPreviousData,
    // the bot talks without the owner: read again each time the dashboard opens
    refetchOnMount: 'always',
  });
}
