import type { UserStats } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export async function fetchStats(): Promise<UserStats> {
  const { senders, services, commands } = await api.get<UserStats>('/user/stats');
  return { senders, services, commands };
}

export function useStats() {
  return useQuery({ queryKey: ['user', 'stats'], queryFn: fetchStats });
}
