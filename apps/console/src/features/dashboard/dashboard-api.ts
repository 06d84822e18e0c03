import type { UserStats } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export async function fetchStats(): Promise<UserStats> {
  const { senders, services, commands, first_steps } = await api.get<UserStats>('/user/stats');
  return { senders, services, commands, first_steps };
}

export function useStats() {
  // fresh each time the dashboard opens: the first steps follow what the owner just did on other screens
  return useQuery({ queryKey: ['user', 'stats'], queryFn: fetchStats, refetchOnMount: 'always' });
}
