import type { CommandResponseRecord, ResponseBody } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The command response editor of a later issue will share this key. */
export const commandResponseKey = (commandId: number) => ['command-response', commandId] as const;

/** GET /command_response/get/{command_id}: the stored record, or the defaults (type text, empty text). */
export async function fetchCommandResponse(commandId: number): Promise<CommandResponseRecord> {
  const answer = await api.get<{ data: CommandResponseRecord }>(`/command_response/get/${commandId}`);
  return answer.data;
}

export function useCommandResponse(commandId: number) {
  return useQuery({
    queryKey: commandResponseKey(commandId),
    queryFn: () => fetchCommandResponse(commandId),
    enabled: commandId > 0,
  });
}

/** POST /command_response/save/{command_id} `{record}`; answers "successfully updated". */
export function saveCommandResponse(commandId: number, record: ResponseBody) {
  return api.post(`/command_response/save/${commandId}`, { record });
}
