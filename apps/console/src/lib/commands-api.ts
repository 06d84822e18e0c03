import type { CommandRecord, ExampleRecord, SaveCommandRequest, VariableListItem } from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Every commands query starts with this key, so one invalidation reloads lists and names. */
export const commandsKey = ['commands'] as const;

export interface CommandsPage {
  commands: CommandRecord[];
  page: number;
  pageCount: number;
}

/** POST /command/get/{service_id}/{page} with the search keywords. */
export async function fetchCommandsPage(
  serviceId: number,
  page: number,
  keywords: string,
): Promise<CommandsPage> {
  const answer = await api.post<{ page: number; pages_count: number; data: CommandRecord[] }>(
    `/command/get/${serviceId}/${page}`,
    { keywords },
  );
  return { commands: answer.data, page: answer.page, pageCount: answer.pages_count };
}

export function useCommandsPage(serviceId: number, page: number, keywords: string) {
  return useQuery({
    queryKey: [...commandsKey, 'page', serviceId, page, keywords],
    queryFn: () => fetchCommandsPage(serviceId, page, keywords),
    enabled: serviceId > 0,
    placeholderData: keepPreviousData,
  });
}

export async function browseCommand(commandId: number | string): Promise<CommandRecord> {
  const answer = await api.get<{ data: CommandRecord }>(`/command/browse/${commandId}`);
  return answer.data;
}

export function useCommand(commandId: number) {
  return useQuery({
    queryKey: [...commandsKey, 'browse', commandId],
    queryFn: () => browseCommand(commandId),
    enabled: commandId > 0,
  });
}

/** POST /command/save/{service_id}/{command_id} (0 creates); resolves with the command id. */
export async function saveCommand(serviceId: number, commandId: number, values: SaveCommandRequest) {
  const answer = await api.post<{ id: number }>(`/command/save/${serviceId}/${commandId}`, values);
  return answer.id;
}

export function setCommandStatus(commandId: number, isActive: boolean) {
  return api.post(`/command/set_status/${commandId}`, { status: isActive ? 1 : 0 });
}

export function deleteCommand(commandId: number) {
  return api.post(`/command/delete/${commandId}`);
}

/** Copies a command (the owner's or from a public service) into the target service. */
export function cloneCommand(targetServiceId: number, commandId: number) {
  return api.post(`/command/clone/${targetServiceId}/${commandId}`);
}

/** POST /command_var/get_all/{command_id}: the command's variables, id and name. */
export async function fetchCommandVariables(commandId: number): Promise<VariableListItem[]> {
  const answer = await api.post<{ data: VariableListItem[] }>(`/command_var/get_all/${commandId}`, {});
  return answer.data;
}

export function useCommandVariables(commandId: number) {
  return useQuery({
    queryKey: ['variables', 'all', commandId],
    queryFn: () => fetchCommandVariables(commandId),
    enabled: commandId > 0,
  });
}

/** POST /command_example/get/{command_id}: the command's training examples. */
export async function fetchCommandExamples(commandId: number): Promise<ExampleRecord[]> {
  const answer = await api.post<{ data: ExampleRecord[] }>(`/command_example/get/${commandId}`, {});
  return answer.data;
}

export function useCommandExamples(commandId: number) {
  return useQuery({
    queryKey: ['examples', 'command', commandId],
    queryFn: () => fetchCommandExamples(commandId),
    enabled: commandId > 0,
  });
}
