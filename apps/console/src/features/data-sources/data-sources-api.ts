import type {
  DataSourcePage,
  DataSourceRecord,
  DataSourceTablesAnswer,
  SaveDataSourceInput,
} from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client.ts';

/** Every query of this feature starts with this key, so one invalidation reloads the list, form and picker. */
export const dataSourcesKey = ['data-sources'] as const;

export async function fetchDataSourcesPage(page: number, search: string): Promise<DataSourcePage> {
  const query = new URLSearchParams({ search, page: String(page) });
  return (await api.get<{ data: DataSourcePage }>(`/data_sources?${query}`)).data;
}

export function useDataSourcesPage(page: number, search: string) {
  return useQuery({
    queryKey: [...dataSourcesKey, 'page', page, search],
    queryFn: () => fetchDataSourcesPage(page, search),
    placeholderData: keepPreviousData,
  });
}

/** GET /data_sources?all: the owner's active data sources (pickers). */
export function useActiveDataSources() {
  return useQuery({
    queryKey: [...dataSourcesKey, 'all'],
    queryFn: async () => (await api.get<{ data: DataSourceRecord[] }>('/data_sources?all')).data,
  });
}

export async function fetchDataSource(id: number | string): Promise<DataSourceRecord> {
  return (await api.get<{ data: DataSourceRecord }>(`/data_sources/browse/${id}`)).data;
}

export function useDataSource(id: number) {
  return useQuery({
    queryKey: [...dataSourcesKey, 'one', id],
    queryFn: () => fetchDataSource(id),
    enabled: id > 0,
  });
}

/** POST /data_sources/save/{id} (0 creates); the server tries the connection first. Resolves with the id. */
export async function saveDataSource(id: number, values: SaveDataSourceInput): Promise<number> {
  const answer = await api.post<{ data: { data_source_id: number } }>(`/data_sources/save/${id}`, values);
  return answer.data.data_source_id;
}

export function changeDataSourceStatus(id: number) {
  return apiRequest('PATCH', `/data_sources/change_status/${id}`);
}

export function deleteDataSource(id: number) {
  return apiRequest('DELETE', `/data_sources/${id}`);
}

/**
 * POST /data_sources/get_tables_name. A database that cannot be listed answers `status: 0` with why; the
 * api client turns that into an error, which the picker shows as 'Failed connection'.
 */
export function useDataSourceTables(id: number | null) {
  return useQuery({
    queryKey: [...dataSourcesKey, 'tables', id],
    queryFn: async () =>
      (await api.post<DataSourceTablesAnswer>('/data_sources/get_tables_name', { data_source_id: id })).data,
    enabled: id !== null && id > 0,
    retry: false,
  });
}
