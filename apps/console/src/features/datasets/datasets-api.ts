import type {
  AddFieldRequest,
  ChangeFieldRequest,
  DatasetField,
  DatasetPageRequest,
  DatasetPageResponse,
  DatasetRecord,
  DatasetType,
  SaveDatasetRequest,
} from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client.ts';

/**
 * Every query of this feature starts with this key (the records grid's too), so one invalidation reloads the
 * list, the form, the structure and the records a schema change touched.
 */
export const datasetsKey = ['datasets'] as const;

export type DatasetPage = Omit<DatasetPageResponse, 'status'>;

/** POST /dataset/get/public/{page}: the owner's datasets or menus, 10 a page, filtered by keywords in the name. */
export async function fetchDatasetsPage(
  type: DatasetType,
  page: number,
  keywords: string,
): Promise<DatasetPage> {
  const request: DatasetPageRequest = { type, keywords };
  const {
    page: answeredPage,
    pages_count,
    data,
  } = await api.post<DatasetPage>(`/dataset/get/public/${page}`, request);
  return { page: answeredPage, pages_count, data };
}

export function useDatasetsPage(type: DatasetType, page: number, keywords: string) {
  return useQuery({
    queryKey: [...datasetsKey, 'page', type, page, keywords],
    queryFn: () => fetchDatasetsPage(type, page, keywords),
    placeholderData: keepPreviousData,
  });
}

/** GET /dataset/browse/{id}: one dataset with its schema. */
export async function fetchDataset(datasetId: number | string): Promise<DatasetRecord> {
  return (await api.get<{ data: DatasetRecord }>(`/dataset/browse/${datasetId}`)).data;
}

export function useDataset(datasetId: number) {
  return useQuery({
    queryKey: [...datasetsKey, 'one', datasetId],
    queryFn: () => fetchDataset(datasetId),
    enabled: datasetId > 0,
  });
}

/** POST /dataset/save/{id} (0 creates, with the fields given so far); resolves with the saved dataset. */
export async function saveDataset(datasetId: number, request: SaveDatasetRequest): Promise<DatasetRecord> {
  return (await api.post<{ data: DatasetRecord }>(`/dataset/save/${datasetId}`, request)).data;
}

export function setDatasetStatus(datasetId: number, isActive: boolean) {
  return api.post(`/dataset/set_status/${datasetId}`, { status: isActive ? 1 : 0 });
}

/** POST /dataset/delete/{id}: refused (409) while variables or responses use the dataset, naming them. */
export function deleteDataset(datasetId: number) {
  return api.post(`/dataset/delete/${datasetId}`);
}

/** POST /dataset/add-field/{id}; resolves with the dataset as it is now. */
export async function addDatasetField(datasetId: number, field: DatasetField): Promise<DatasetRecord> {
  const request: AddFieldRequest = { data: field };
  return (await api.post<{ data: DatasetRecord }>(`/dataset/add-field/${datasetId}`, request)).data;
}

/** PUT /dataset/fields/{id}: renames or retypes a read-write field; the records follow. */
export async function changeDatasetField(
  datasetId: number,
  oldName: string,
  field: DatasetField,
): Promise<DatasetRecord> {
  const request: ChangeFieldRequest = { old_field: { name: oldName }, new_field: field };
  return (await apiRequest<{ data: DatasetRecord }>('PUT', `/dataset/fields/${datasetId}`, request)).data;
}
