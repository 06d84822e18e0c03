import type { ExampleRecord } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { downloadApiFile } from '../../lib/download-file.ts';

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

/** Downloads GET /service/{id}/examples?type=file (saved under the server's file name). */
export function downloadServiceExamples(serviceId: number): Promise<void> {
  return downloadApiFile(`/service/${serviceId}/examples?type=file`, `service-${serviceId}-examples.json`);
}
