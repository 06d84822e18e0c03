import { api } from '../../lib/api-client.ts';

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
