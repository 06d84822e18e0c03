import {
  type DatasetDataRow,
  type DatasetField,
  type RecordFilterInput,
  type RecordsPageRequest,
  UPLOAD_IMAGE_FIELD,
} from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { datasetsKey } from '../datasets-api.ts';

/**
 * The records grid's queries, under the feature's key (a schema change reloads them too); a record's write
 * reloads every page of its dataset.
 */
export const recordsKey = [...datasetsKey, 'records'] as const;

export const recordsKeyOf = (datasetId: number) => [...recordsKey, datasetId] as const;

export interface RecordsPage {
  records: DatasetDataRow[];
  schema: DatasetField[];
  total: number;
  pageCount: number;
}

/** POST /dataset/get-with-keys: 10 records a page, oldest first, filtered by keywords in any field and by filters. */
export async function fetchRecordsPage(
  datasetId: number,
  page: number,
  keywords: string,
  filters: RecordFilterInput[] = [],
): Promise<RecordsPage> {
  const request: RecordsPageRequest = {
    ds_id: datasetId,
    page,
    keywords,
    ...(filters.length > 0 && { filters }),
  };
  const answer = await api.post<{
    data: DatasetDataRow[];
    ds_schema: DatasetField[];
    total: number;
    pages_count: number;
  }>('/dataset/get-with-keys', request);
  return {
    records: answer.data,
    schema: answer.ds_schema,
    total: answer.total,
    pageCount: answer.pages_count,
  };
}

export function useRecordsPage(
  datasetId: number,
  page: number,
  keywords: string,
  filters: RecordFilterInput[] = [],
) {
  return useQuery({
    queryKey: [...recordsKeyOf(datasetId), page, keywords, filters],
    queryFn: () => fetchRecordsPage(datasetId, page, keywords, filters),
    placeholderData: keepPreviousData,
  });
}

/** Field values keyed by field name, as the contract's insert and update calls take them. */
export type RecordValues = Record<string, unknown>;

/** POST /dataset/insert_data: `schema` is the dataset's id. */
export async function insertRecord(datasetId: number, values: RecordValues): Promise<DatasetDataRow> {
  return (
    await api.post<{ data: DatasetDataRow }>('/dataset/insert_data', { schema: datasetId, record: values })
  ).data;
}

/** POST /dataset/update-dataset/: the record's id and the values to change. */
export async function updateRecord(recordId: number, values: RecordValues): Promise<DatasetDataRow> {
  return (
    await api.post<{ data: DatasetDataRow }>('/dataset/update-dataset/', {
      data: { ...values, _id: recordId },
    })
  ).data;
}

export function deleteRecord(recordId: number) {
  return api.post('/dataset/delete_data', { _id: recordId });
}

export function deleteRecords(recordIds: number[]) {
  return api.post('/dataset/multiple-delete-data', { ids: recordIds });
}

/** POST /upload-image/dataset (multipart, the file in `image`); resolves with the stored image's address. */
export async function uploadDatasetImage(file: File): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_IMAGE_FIELD, file);
  return (await api.post<{ data: { url: string } }>('/upload-image/dataset', body)).data.url;
}
