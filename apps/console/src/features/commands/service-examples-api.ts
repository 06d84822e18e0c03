import type { ExampleRecord } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../lib/api-client.ts';
import { getToken } from '../../lib/auth-token.ts';

export async function fetchServiceExamples(serviceId: number): Promise<ExampleRecord[]> {
  const answer = await api.get<{ data: ExampleRecord[] }>(`/service/${serviceId}/examples`);
  return answer.data;
}

export function useServiceExamples(serviceId: number) {
  return useQuery({
    queryKey: ['examples', 'service', serviceId],
    queryFn: () => fetchServiceExamples(serviceId),
    enabled: serviceId > 0,
  });
}

/** The file name of a Content-Disposition header (`filename="x.json"` or RFC 5987 `filename*=UTF-8''x.json`). */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) return decodeURIComponent(encoded.trim());
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1];
  return plain?.trim() || fallback;
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Downloads GET /service/{id}/examples?type=file. A bare link would not carry the bearer token, so the file is
 * fetched with it and saved from a blob.
 */
export async function downloadServiceExamples(serviceId: number): Promise<void> {
  const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE}/service/${serviceId}/examples?type=file`, { headers });
  if (!response.ok) throw new ApiError(response.statusText, response.status);
  const fileName = fileNameOf(
    response.headers.get('Content-Disposition'),
    `service-${serviceId}-examples.json`,
  );
  saveBlob(await response.blob(), fileName);
}
