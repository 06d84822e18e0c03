import type {
  DatasetField,
  DatasetRecord,
  ImportPreviewResponse,
  ImportRecordsRequest,
} from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadApiFile } from '../../../lib/download-file.ts';

export type ImportPreview = Omit<ImportPreviewResponse, 'status'>;
export type TransferFormat = ImportRecordsRequest['format'];

/** POST /dataset/import/preview/{id}: the mapping, the counts, the refused rows and the first records. */
export async function previewImport(
  datasetId: number,
  request: ImportRecordsRequest,
): Promise<ImportPreview> {
  const { status: _status, ...preview } = await api.post<ImportPreviewResponse>(
    `/dataset/import/preview/${datasetId}`,
    request,
  );
  return preview;
}

/** POST /dataset/import/{id}: every accepted row in one transaction; answers how many were imported. */
export async function importRecords(datasetId: number, request: ImportRecordsRequest): Promise<number> {
  return (await api.post<{ imported: number }>(`/dataset/import/${datasetId}`, request)).imported;
}

/** The dataset's fields, the targets a column can go into (GET /dataset/browse/{id}). */
export function useImportTargets(datasetId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['datasets', 'transfer', datasetId, 'fields'],
    queryFn: async (): Promise<DatasetField[]> =>
      (await api.get<{ data: DatasetRecord }>(`/dataset/browse/${datasetId}`)).data.ds_schema,
    enabled,
  });
}

/** GET /dataset/export/{id}?format=…: fetched with the sign-in token, then saved under the server's name. */
export function downloadExport(
  datasetId: number,
  datasetName: string,
  format: TransferFormat,
): Promise<void> {
  return downloadApiFile(`/dataset/export/${datasetId}?format=${format}`, `${datasetName}.${format}`);
}
