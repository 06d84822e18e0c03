import type { CommandListItem, ComponentEntity, DatasetListEntry, DatasetRecord } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The lists the variable form picks from: datasets and their fields, component entities, commands. */

export interface DatasetChoices {
  private: DatasetListEntry[];
  public: DatasetListEntry[];
}

async function fetchDatasetChoices(): Promise<DatasetChoices> {
  const answer = await api.get<DatasetChoices>('/dataset/get_list');
  return { private: answer.private, public: answer.public };
}

/** Spec §4: the datasets load once, when a dataset-backed type is first chosen. */
export function useDatasetChoices(isNeeded: boolean) {
  return useQuery({
    queryKey: ['dataset', 'get_list'],
    queryFn: fetchDatasetChoices,
    enabled: isNeeded,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

async function fetchDataset(datasetId: number): Promise<DatasetRecord> {
  const answer = await api.get<{ data: DatasetRecord }>(`/dataset/browse/${datasetId}`);
  return answer.data;
}

/** The chosen dataset with its schema (the where- and return-field choices). */
export function useDatasetSchema(datasetId: number | null) {
  return useQuery({
    queryKey: ['dataset', 'browse', datasetId],
    queryFn: () => fetchDataset(datasetId ?? 0),
    enabled: datasetId !== null,
    // spec §4: choosing a dataset reloads its schema
    staleTime: 0,
  });
}

/** POST /dataset/find: the distinct values of one field of a dataset. */
export async function findFieldValues(datasetId: number, fieldName: string): Promise<string[]> {
  const answer = await api.post<{ data: string[] }>('/dataset/find', {
    ds_id: datasetId,
    field_name: fieldName,
  });
  return answer.data;
}

async function fetchEntities(): Promise<ComponentEntity[]> {
  const answer = await api.get<{ components: ComponentEntity[] }>('/components/entities');
  return answer.components;
}

export function useComponentEntities(isNeeded: boolean) {
  return useQuery({
    queryKey: ['components', 'entities'],
    queryFn: fetchEntities,
    enabled: isNeeded,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

async function fetchCommands(): Promise<CommandListItem[]> {
  const answer = await api.get<{ data: CommandListItem[] }>('/command/get_all');
  return answer.data;
}

/** The owner's commands, for a fallback that redirects to another command. */
export function useRedirectCommands(isNeeded: boolean) {
  return useQuery({ queryKey: ['command', 'get_all'], queryFn: fetchCommands, enabled: isNeeded });
}
