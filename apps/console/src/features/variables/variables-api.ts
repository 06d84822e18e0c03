import type { SaveVariableRequest, VariableListItem, VariableRecord } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface VariablesPage {
  page: number;
  pages_count: number;
  data: VariableRecord[];
}

/** Every variables query starts with 'variables', so one invalidation refreshes all lists and pickers. */
export const variablesQueryKey = (commandId: number) => ['variables', commandId] as const;

/** POST /command_var/get/{command_id}/{page} with the search keywords; pages are 1-based. */
export async function fetchVariablesPage(commandId: number, page: number, keywords: string) {
  const answer = await api.post<VariablesPage>(`/command_var/get/${commandId}/${page}`, { keywords });
  return { page: answer.page, pages_count: answer.pages_count, data: answer.data };
}

export function useVariablesPage(commandId: number, page: number, keywords: string) {
  return useQuery({
    queryKey: [...variablesQueryKey(commandId), 'page', page, keywords],
    queryFn: () => fetchVariablesPage(commandId, page, keywords),
  });
}

export function setVariableStatus(variableId: number, status: 0 | 1) {
  return api.post(`/command_var/set_status/${variableId}`, { status });
}

export function deleteVariable(variableId: number) {
  return api.post(`/command_var/delete/${variableId}`);
}

export async function fetchVariable(variableId: number): Promise<VariableRecord> {
  const answer = await api.get<{ data: VariableRecord }>(`/command_var/browse/${variableId}`);
  return answer.data;
}

export function useVariable(variableId: number) {
  return useQuery({
    queryKey: ['variables', 'browse', variableId],
    queryFn: () => fetchVariable(variableId),
    enabled: variableId > 0,
  });
}

/** POST /command_var/save/{var_id}/{command_id}; var_id 0 creates. Answers the saved id and a message. */
export async function saveVariable(variableId: number, commandId: number, body: SaveVariableRequest) {
  const answer = await api.post<{ id: number; msg: string }>(
    `/command_var/save/${variableId}/${commandId}`,
    body,
  );
  return { id: answer.id, msg: answer.msg };
}

/** Spec §7: a failed variable fetch empties the list rather than failing the screen. */
async function namesOrNothing(path: string): Promise<VariableListItem[]> {
  try {
    const answer = await api.post<{ data: VariableListItem[] }>(path);
    return answer.data;
  } catch {
    return [];
  }
}

/** The variables of a command (pickers, tagging); command 0 lists all the owner's variables (cloning). */
export function useVariableNames(commandId: number) {
  return useQuery({
    queryKey: [...variablesQueryKey(commandId), 'names'],
    queryFn: () => namesOrNothing(`/command_var/get_all/${commandId}`),
  });
}

/** The owner's preference variables, for a default value taken from a preference. */
export function usePreferenceVariables(isEnabled: boolean) {
  return useQuery({
    queryKey: ['variables', 'preferences'],
    queryFn: () => namesOrNothing('/command_var/get_all_preferences/0'),
    enabled: isEnabled,
  });
}
