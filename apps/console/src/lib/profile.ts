import type { UserProfile } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The signed-in user's profile (GET /user/me), shared by the header, settings and later feature screens. */
export const profileQueryKey = ['user', 'me'] as const;

export async function fetchProfile(): Promise<UserProfile> {
  const answer = await api.get<{ data: UserProfile }>('/user/me');
  return answer.data;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile });
}
