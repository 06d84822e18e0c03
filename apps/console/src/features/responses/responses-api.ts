import {
  type CommandResponseRecord,
  type DatasetListEntry,
  type SaveResponseTypeRequest,
  UPLOAD_IMAGE_FIELD,
} from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET /dataset/get_list?type=dataset,menu: the owner's datasets and menus (the type step's pickers). */
export function useDatasetsAndMenus() {
  return useQuery({
    queryKey: ['dataset', 'get_list', 'dataset,menu'],
    queryFn: async () =>
      (await api.get<{ private: DatasetListEntry[] }>('/dataset/get_list?type=dataset,menu')).private,
  });
}

/** POST /command-response/{id}/types: stores the picked type and the id it needs. */
export async function saveResponseType(
  commandId: number,
  request: SaveResponseTypeRequest,
): Promise<CommandResponseRecord> {
  const answer = await api.post<{ commandResponse: CommandResponseRecord }>(
    `/command-response/${commandId}/types`,
    request,
  );
  return answer.commandResponse;
}

/** POST /upload-image/static-cards (multipart `image`): the stored image's address. */
export async function uploadStaticCardImage(file: File): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_IMAGE_FIELD, file);
  return (await api.post<{ data: { url: string } }>('/upload-image/static-cards', body)).data.url;
}
