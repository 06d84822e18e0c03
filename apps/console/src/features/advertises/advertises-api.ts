import type { AdvertiseRecord, SaveAdvertisesRequest } from '@hiwar/contracts';
import { api, apiRequest } from '../../lib/api-client.ts';

export async function fetchAdvertises(commandId: number): Promise<AdvertiseRecord[]> {
  const answer = await api.get<{ data: AdvertiseRecord[] }>(`/command_advertises/get/${commandId}`);
  return answer.data;
}

/** Saves the given ads (with id: update, without: insert) and resolves with the command's refreshed list. */
export async function saveAdvertises(
  commandId: number,
  ads: SaveAdvertisesRequest['data'],
): Promise<AdvertiseRecord[]> {
  const answer = await api.post<{ data: AdvertiseRecord[] }>(`/command_advertises/save/${commandId}`, {
    data: ads,
  });
  return answer.data;
}

/** Resolves only when the server answers status 1 (apiRequest rejects anything else). */
export async function deleteAdvertise(id: number): Promise<void> {
  await apiRequest('DELETE', `/command_advertises/${id}`);
}
