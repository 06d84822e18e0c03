import type { UserProfile } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const profileQueryKey = ['user', 'me'] as const;

export async function fetchProfile(): Promise<UserProfile> {
  const answer = await api.get<{ data: UserProfile }>('/user/me');
  return answer.data;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile });
}

/** POST /user/update_settings: a JSON body, or multipart when a file (the avatar) goes along. */
export function updateSettings(body: object | FormData) {
  return api.post('/user/update_settings', body);
}

/** Mode 2 with a new avatar: every field as text plus the file. */
export function basicSettingsFormData(fields: Record<string, string>, avatar: File): FormData {
  const formData = new FormData();
  formData.set('mode', '2');
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  formData.set('avatar', avatar);
  return formData;
}
